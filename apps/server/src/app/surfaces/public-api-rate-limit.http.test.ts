import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis } from '../../../testing/redis-server.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const PER_KEY = 5;
const PER_VISITOR = 3;
const PINGBACK_EVENTS = 10;

const codeOf = (body: string) =>
  (JSON.parse(body) as { meta?: { error_code?: string } }).meta?.error_code;

/** A GET over real loopback HTTP from the source address `from` (127.0.0.1 or 127.0.0.2). */
function getFrom(
  from: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress: from, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
  });
}

// Every budget is keyed by something the caller cannot mint: a key the instance issued, a
// signed-in session, else the caller's address.
describe('public API limits that a caller cannot step around', () => {
  let t: TestJiffy;
  let origin: string;
  let alice: SiteClient;
  beforeAll(async () => {
    t = await startTestJiffy({
      HOST: '127.0.0.1',
      API_RATE_LIMIT_PER_MINUTE: String(PER_KEY),
      SITE_RATE_LIMIT_PER_MINUTE: String(PER_VISITOR),
      PINGBACK_EVENTS_PER_MINUTE: String(PINGBACK_EVENTS),
    });
    origin = await t.jiffy.listen();
    ({ alice } = (await signedInUsers(t, [['alice', 'user']])) as { alice: SiteClient });
  });
  afterAll(() => t.stop());

  const call = (url: string, remoteAddress: string, cookie?: string) =>
    t.jiffy.app.inject({ url, remoteAddress, headers: cookie ? { cookie } : {} });

  it('counts calls with made-up keys against their address: a flood of random keys gets its address’s budget, no more', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const key = `random${i}${Math.random().toString(36).slice(2)}`;
      statuses.push((await call(`/v1/gifs/trending?api_key=${key}`, '198.51.100.7')).statusCode);
    }
    // The first PER_KEY are refused for their key (401), every one after for the limit.
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_KEY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - PER_KEY);
    // Pingbacks check no key: from the same address they are refused too, with any key.
    const pingback = await call(`/v2/pingback/simple?api_key=another${Date.now()}`, '198.51.100.7');
    expect(pingback.statusCode).toBe(429);
    // A repeated api_key is no key: the same address bucket.
    const repeated = await call(`/v1/gifs/trending?api_key=a&api_key=b`, '198.51.100.7');
    expect(repeated.statusCode).toBe(429);
    // Another address still has its own budget (refused for its key, not for the limit).
    expect((await call(`/v1/gifs/trending?api_key=bogus`, '198.51.100.8')).statusCode).toBe(401);
  });

  it('gives an issued key its own budget, apart from its caller’s address', async () => {
    const made = await alice.post('/api/v3/api-keys', { name: 'chat bot' });
    const { key } = made.json<{ data: { key: string } }>().data;
    const statuses = [];
    for (let i = 0; i < PER_KEY + 1; i++)
      statuses.push((await call(`/v1/gifs/trending?api_key=${key}`, '198.51.100.20')).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_KEY).fill(200), 429]);
    // The address that called with it has spent nothing of its own.
    expect((await call(`/v1/gifs/trending?api_key=bogus`, '198.51.100.20')).statusCode).toBe(401);
  });

  it('limits the site’s own key per visitor: 127.0.0.1 spends its budget, 127.0.0.2 still gets 200', async () => {
    const trending = `${origin}/v1/gifs/trending?api_key=${t.apiKey}`;
    const first = [];
    for (let i = 0; i < PER_VISITOR + 1; i++) first.push(await getFrom('127.0.0.1', trending));
    expect(first.map((answer) => answer.status)).toEqual([
      ...Array<number>(PER_VISITOR).fill(200),
      429,
    ]);
    expect(codeOf(first.at(-1)!.body)).toBe('rate_limited');
    expect((JSON.parse(first.at(-1)!.body) as { meta: { msg: string } }).meta.msg).toMatch(
      /3 a minute for this visitor/,
    );

    const second = await getFrom('127.0.0.2', `${origin}/v1/gifs/search?q=cat&api_key=${t.apiKey}`);
    expect(second.status).toBe(200);
    // A signed-in visitor is counted by their account, not by the spent address…
    const cookie = [...alice.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await getFrom('127.0.0.1', trending, { cookie })).status).toBe(200);
    // …and a made-up session cookie buys nothing: it is the address's visitor again.
    const forged = await getFrom('127.0.0.1', trending, { cookie: 'jiffy_session=madeup123' });
    expect(forged.status).toBe(429);
  });

  it('counts an IPv6 caller by its /64', async () => {
    const url = `/v1/gifs/trending?api_key=${t.apiKey}`;
    for (let i = 1; i <= PER_VISITOR; i++)
      expect((await call(url, `2001:db8:1:2::${i}`)).statusCode).toBe(200);
    expect((await call(url, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await call(url, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('limits pingbacks by the events they carry, per address', async () => {
    const event = {
      action_type: 'SEEN',
      analytics_response_payload: 'e=abc',
      ts: Date.now(),
    };
    const batch = (count: number, remoteAddress: string) =>
      t.jiffy.app.inject({
        method: 'POST',
        url: '/v2/pingback',
        remoteAddress,
        payload: { events: Array<typeof event>(count).fill(event) },
      });
    expect((await batch(8, '198.51.100.30')).statusCode).toBe(200);
    const over = await batch(3, '198.51.100.30');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await batch(3, '198.51.100.31')).statusCode).toBe(200);
  });

  it('answers 429 in GIPHY’s envelope with the rate-limit headers, and leaves the site alone', async () => {
    const url = `/v1/gifs/trending?api_key=${t.apiKey}`;
    for (let i = 0; i < PER_VISITOR; i++) await call(url, '198.51.100.40');
    const limited = await call(url, '198.51.100.40');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ meta: { error_code: string } }>().meta.error_code).toBe('rate_limited');
    expect(limited.headers['x-ratelimit-limit']).toBe(String(PER_VISITOR));
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('/healthz', '198.51.100.40')).statusCode).toBe(200);
    expect((await call('/login/check', '198.51.100.40')).statusCode).toBe(200);
  });
});

describe('the ceiling on the site’s own key', () => {
  it('refuses every visitor once all of them together pass it', async () => {
    const t = await startTestJiffy({
      SITE_RATE_LIMIT_PER_MINUTE: '3',
      SITE_RATE_LIMIT_TOTAL_PER_MINUTE: '5',
    });
    try {
      const call = (remoteAddress: string) =>
        t.jiffy.app.inject({ url: `/v1/gifs/trending?api_key=${t.apiKey}`, remoteAddress });
      const statuses = [];
      for (const address of ['192.0.2.1', '192.0.2.1', '192.0.2.2', '192.0.2.2', '192.0.2.3'])
        statuses.push((await call(address)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const over = await call('192.0.2.4');
      expect(over.statusCode).toBe(429);
      expect(over.json<{ meta: { msg: string } }>().meta.msg).toMatch(/5 a minute for this site/);
    } finally {
      await t.stop();
    }
  });
});

describe('public API limits across API nodes', () => {
  it('counts one key’s calls on every node against one budget in Redis', async () => {
    const settings = { API_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:6379' };
    const first = await startTestJiffy(settings);
    const second = await startTestJiffy(settings);
    try {
      // A key issued on the shared database would do; each test database is its own, so the
      // key is made on both (as an instance has it once).
      const key = `shared${Math.random().toString(36).slice(2, 12)}`;
      for (const node of [first, second])
        await node.jiffy.database.db
          .insertInto('api_keys')
          .values({ key, name: 'shared', user_id: null })
          .execute();
      const call = (node: typeof first) =>
        node.jiffy.app.inject(`/v1/gifs/trending?api_key=${key}`);
      expect((await call(first)).statusCode).toBe(200);
      expect((await call(second)).statusCode).toBe(200);
      expect((await call(first)).statusCode).toBe(200);
      expect((await call(second)).statusCode).toBe(429);
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  it('keeps answering while Redis is down, each node counting alone, and shares again after', async () => {
    const redis = await startTestRedis();
    const node = await startTestJiffy({ API_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redis.url });
    const key = `outage${Math.random().toString(36).slice(2, 12)}`;
    await node.jiffy.database.db
      .insertInto('api_keys')
      .values({ key, name: 'outage', user_id: null })
      .execute();
    try {
      const call = () => node.jiffy.app.inject(`/v1/gifs/trending?api_key=${key}`);
      expect((await call()).statusCode).toBe(200);
      await redis.stop();
      // This node's memory stands in: the key's allowance still holds, not a 500 per call.
      const during = [];
      for (let i = 0; i < 4; i++) during.push((await call()).statusCode);
      expect(during).toEqual([200, 200, 200, 429]);
      await redis.restart();
      // Back in Redis (empty after its restart), where the count starts again; until the
      // client has reconnected, memory (spent) still refuses.
      let back = await call();
      for (let i = 0; i < 50 && back.statusCode === 429; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        back = await call();
      }
      const after = [back, await call(), await call(), await call()].map((r) => r.statusCode);
      expect(after).toEqual([200, 200, 200, 429]);
    } finally {
      await node.stop();
      await redis.stop();
    }
  });
});
