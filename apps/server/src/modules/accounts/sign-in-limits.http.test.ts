import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptLimits, TooManyAttempts } from './attempt-limits.ts';
import { SignInLimits } from './sign-in-limits.ts';
import { fixturePasswordHash } from '../../../testing/fixture-password-hash.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const PASSWORD = 'the owner knows this one';
// The double-submit pair the web app sends (cookie echoed in the header).
const CSRF = { cookie: 'jiffy_csrf=t', 'x-csrf-token': 't' };

/** A confirmed account with PASSWORD; resolves to its sign-in key. */
async function owner(t: TestJiffy, username: string): Promise<string> {
  const id = `id${username}`;
  await t.jiffy.services.users.insert({
    id,
    username,
    display_name: username,
    email: `${username}@example.com`,
    password_hash: await fixturePasswordHash(PASSWORD),
    email_confirmed_at: new Date(),
  });
  return `user:${id}`;
}

function login(t: TestJiffy, remoteAddress: string, username: string, password: string) {
  return t.jiffy.app.inject({
    method: 'POST',
    url: '/api/v3/login',
    remoteAddress,
    headers: CSRF,
    payload: { login: username, password },
  });
}

const unique = () => Math.random().toString(36).slice(2, 10);
const rand = () => Math.floor(Math.random() * 254) + 1;
const randomAddress = () => `10.${rand()}.${rand()}.${rand()}`;

describe('sign-in limits (one node, in memory)', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
  });
  afterAll(() => t.stop());

  it('refuses the guessing address, not the owner signing in from elsewhere', async () => {
    await owner(t, 'victim');
    const guesser = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login(t, guesser, 'victim', `guess ${i}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);

    // The guesser is told to wait, and for how long (body and Retry-After agree).
    const refused = await login(t, guesser, 'victim', 'guess 13');
    expect(refused.statusCode).toBe(429);
    const { error } = refused.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('too_many_attempts');
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(500);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(error.message).toContain(`${seconds} s`);
    // Even with the right password: that address has failed on this account.
    expect((await login(t, guesser, 'victim', PASSWORD)).statusCode).toBe(429);

    // The owner, from an address that has not failed, gets in at once (by username or e-mail).
    const started = performance.now();
    const owners = await login(t, '203.0.113.20', 'victim', PASSWORD);
    expect(owners.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await login(t, '203.0.113.21', 'victim@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('slows a much-guessed account down instead of locking it', async () => {
    const key = await owner(t, 'popular');
    const limits = new SignInLimits(t.jiffy.services.attemptLimiter);
    // 40 wrong passwords from 40 addresses (one each, as a botnet would spread them).
    for (let i = 0; i < 40; i++) await limits.failed(key, `192.0.2.${i + 1}`);
    const started = performance.now();
    const owners = await login(t, '203.0.113.30', 'popular', PASSWORD);
    const waited = performance.now() - started;
    expect(owners.statusCode).toBe(200);
    // 40 failures: 2 s before each check, for guessers and owner alike; never a refusal.
    expect(waited).toBeGreaterThan(1900);
    expect(waited).toBeLessThan(4000);
  });

  it('keeps every count through a flood of 100,000 other addresses', async () => {
    const key = await owner(t, 'flooded');
    const guesser = '198.51.100.9';
    for (let i = 0; i < 10; i++)
      expect((await login(t, guesser, 'flooded', `guess ${i}`)).statusCode).toBe(401);
    expect((await login(t, guesser, 'flooded', 'guess 10')).statusCode).toBe(429);

    // The flood goes straight to the limiter: 100k HTTP requests would take minutes.
    const limits = new SignInLimits(t.jiffy.services.attemptLimiter);
    for (let i = 0; i < 100_000; i++) {
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      await limits.admit(`login:nobody${i % 100}`, address);
      await limits.failed(`login:nobody${i % 100}`, address);
    }
    expect(await limits.accountFailures(key)).toBe(10);
    const still = await login(t, guesser, 'flooded', PASSWORD);
    expect(still.statusCode).toBe(429);
    expect(still.json()).toMatchObject({ error: { code: 'too_many_attempts' } });
    expect((await login(t, '203.0.113.40', 'flooded', PASSWORD)).statusCode).toBe(200);
  }, 60_000);
});

describe('sign-in limits across API nodes (Redis)', () => {
  it('counts on every node against one allowance, and lets the owner in from elsewhere', async () => {
    const settings = { REDIS_URL: 'redis://127.0.0.1:6379' };
    const nodes = await Promise.all([startTestJiffy(settings), startTestJiffy(settings)]);
    try {
      // Fresh names and addresses each run: Redis keeps counts between runs.
      const username = `victim${unique()}`;
      // Both nodes' databases hold the same account (as they would share one database).
      const keys = await Promise.all(nodes.map((node) => owner(node, username)));
      const guesser = randomAddress();
      for (let i = 0; i < 10; i++)
        expect((await login(nodes[i % 2]!, guesser, username, `guess ${i}`)).statusCode).toBe(401);
      for (const node of nodes) {
        const refused = await login(node, guesser, username, 'guess 11');
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ error: { code: 'too_many_attempts' } });
        const limits = new SignInLimits(node.jiffy.services.attemptLimiter);
        expect(await limits.accountFailures(keys[0]!)).toBe(10);
      }
      expect((await login(nodes[1], randomAddress(), username, PASSWORD)).statusCode).toBe(200);
    } finally {
      for (const node of nodes) await node.stop();
    }
  });

  it("falls back to this node's memory while Redis is down", async () => {
    // Nothing listens on port 1: the client never becomes ready.
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    let fallbacks = 0;
    const limits = new SignInLimits(
      new AttemptLimits({ redis, keyPrefix: `test-${unique()}`, onRedisError: () => fallbacks++ }),
    );
    try {
      const guesser = randomAddress();
      for (let i = 0; i < 10; i++) {
        await limits.admit('user:x', guesser);
        await limits.failed('user:x', guesser);
      }
      await expect(limits.admit('user:x', guesser)).rejects.toBeInstanceOf(TooManyAttempts);
      expect(await limits.admit('user:x', randomAddress())).toEqual({ delayMs: 250 });
      expect(fallbacks).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});
