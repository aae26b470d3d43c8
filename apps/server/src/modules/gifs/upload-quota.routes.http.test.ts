import fs from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/test-fixture-server.ts';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { UploadQuota } from './upload-quota.ts';

/** What a refusal over quota must show: 429, the stable code, and when to retry (both ways). */
function expectQuotaRefusal(response: LightMyRequestResponse, window: 'hour' | 'day'): void {
  expect(response.statusCode).toBe(429);
  const body = response.json<{
    meta?: { error_code: string; msg: string };
    error?: { code: string; message: string };
  }>();
  const code = body.meta?.error_code ?? body.error?.code;
  const message = body.meta?.msg ?? body.error?.message ?? '';
  expect(code).toBe('upload_quota_exceeded');
  const retryAfter = Number(response.headers['retry-after']);
  const limit = window === 'hour' ? 3600 : 86_400;
  expect(retryAfter).toBeGreaterThan(limit - 120);
  expect(retryAfter).toBeLessThanOrEqual(limit);
  expect(message).toContain(`Retry in ${retryAfter} s`);
  expect(message).toContain(window === 'hour' ? 'an hour' : 'a day');
}

/**
 * GIF rows, and stored GIF folders that no row accounts for: a refused upload may add neither.
 * (Accepted uploads keep writing renditions meanwhile, so files are not counted.)
 */
async function stored(t: TestJiffy): Promise<{ gifs: number; orphanFolders: string[] }> {
  const rows = await t.jiffy.database.db.selectFrom('gifs').select('id').execute();
  const ids = new Set(rows.map((r) => r.id));
  const dir = path.join(t.dataDir, 'media', 'gifs');
  const folders = await fs.readdir(dir).catch(() => [] as string[]);
  return { gifs: ids.size, orphanFolders: folders.filter((f) => !ids.has(f)) };
}

describe('upload quotas: uploads per hour', () => {
  let t: TestJiffy;
  let fixture: FixtureServer;
  let gif: Buffer;
  // Each upload sends different bytes: an exact re-upload by the same user is answered with
  // the GIF it already made and spends no quota.
  let pool: Buffer[];
  let sent = 0;
  const nextGif = () => pool[sent++ % pool.length]!;
  let users: Record<string, SiteClient>;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    gif = await animatedImage({ width: 64, height: 48, frames: 3 });
    pool = await Promise.all(
      Array.from({ length: 24 }, (_, i) => animatedImage({ width: 40 + i, height: 30, frames: 2 })),
    );
    fixture = await startFixtureServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/gif' }).end(gif),
    );
    t = await startTestJiffy({ UPLOADS_PER_HOUR: '2', URL_IMPORT_ALLOW_HOSTS: fixture.hostPort });
    users = await signedInUsers(t, [
      ['ann', 'user'],
      ['cat', 'creator'],
      ['dan', 'user'],
      ['mod', 'moderator'],
      ['boss', 'admin'],
    ]);
    for (const name of ['ann', 'cat', 'mod'])
      keys[name] = (await t.jiffy.services.apiKeys.create(`id${name}`, 'uploads')).key;
  });
  afterAll(async () => {
    await t.stop();
    await fixture.close();
  });

  const withKey = (apiKey: string) =>
    t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart({ api_key: apiKey, title: 'q' }, { name: 'q.gif', bytes: nextGif() }),
    });
  const withSession = (name: string) =>
    users[name]!.request({
      method: 'POST',
      url: '/api/v1/uploads',
      form: multipart({ title: 'q' }, { name: 'q.gif', bytes: nextGif() }),
    });
  const importWithKey = (apiKey: string) =>
    t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      payload: { api_key: apiKey, source_image_url: `${fixture.origin}/q.gif` },
    });

  it('gives the default key (every page carries it) one allowance, and refuses past it with the retry time', async () => {
    expect((await withKey(t.apiKey)).statusCode).toBe(200);
    expect((await withKey(t.apiKey)).statusCode).toBe(200);
    const before = await stored(t);
    expectQuotaRefusal(await withKey(t.apiKey), 'hour');
    expectQuotaRefusal(await importWithKey(t.apiKey), 'hour');
    expect(await stored(t)).toEqual(before);
  });

  it('counts a key’s uploads against its owner, apart from the default key’s', async () => {
    expect((await withKey(keys.cat!)).statusCode).toBe(200);
    expect((await withKey(keys.cat!)).statusCode).toBe(200);
    const before = await stored(t);
    expectQuotaRefusal(await withKey(keys.cat!), 'hour');
    // The owner signed in on the site spends the same allowance.
    expectQuotaRefusal(await withSession('cat'), 'hour');
    expect(await stored(t)).toEqual(before);
  });

  it('refuses a spent key (in the query) or session before reading the body', async () => {
    // A body that is not media would be a 415 once read; a spent quota answers first.
    const notMedia = multipart({ title: 'x' }, { name: 'x.gif', bytes: Buffer.from('not a GIF') });
    expectQuotaRefusal(
      await t.jiffy.app.inject({
        method: 'POST',
        url: `/v1/gifs?api_key=${keys.cat!}`,
        ...notMedia,
      }),
      'hour',
    );
    expectQuotaRefusal(
      await users.cat!.request({ method: 'POST', url: '/api/v1/uploads', form: notMedia }),
      'hour',
    );
    // With quota left, the same body is read and refused for what it is.
    const fresh = await users.dan!.request({
      method: 'POST',
      url: '/api/v1/uploads',
      form: notMedia,
    });
    expect(fresh.statusCode).toBe(415);
  });

  it('counts the site’s uploads per user, across both routes and URL imports', async () => {
    expect((await withSession('ann')).statusCode).toBe(201);
    expect((await importWithKey(keys.ann!)).statusCode).toBe(200);
    const before = await stored(t);
    expectQuotaRefusal(await withSession('ann'), 'hour');
    expectQuotaRefusal(await withKey(keys.ann!), 'hour');
    expect(await stored(t)).toEqual(before);
    // Another user is not held back by ann's uploads.
    expect((await withSession('dan')).statusCode).toBe(201);
  });

  it('lets moderators and admins upload past the quota', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await withKey(keys.mod!)).statusCode).toBe(200);
      expect((await withSession('mod')).statusCode).toBe(201);
      expect((await withSession('boss')).statusCode).toBe(201);
    }
  });
});

describe('upload quotas: bytes per day', () => {
  let t: TestJiffy;
  // Different files throughout (an exact re-upload would be answered with the first GIF).
  let smalls: Buffer[];
  let big: Buffer;
  let otherBig: Buffer;
  let users: Record<string, SiteClient>;

  beforeAll(async () => {
    smalls = await Promise.all(
      [40, 41, 42].map((width) => animatedImage({ width, height: 30, frames: 2 })),
    );
    [big, otherBig] = (await Promise.all(
      [200, 201].map((width) => animatedImage({ width, height: 150, frames: 6 })),
    )) as [Buffer, Buffer];
    expect(big.length).toBeGreaterThan(3 * Math.max(...smalls.map((b) => b.length)));
    // Room for one big file and two small ones, not for two big ones.
    const allowance = big.length + smalls[0]!.length + smalls[1]!.length;
    t = await startTestJiffy({ UPLOAD_BYTES_PER_DAY: String(allowance) });
    users = await signedInUsers(t, [['eve', 'user']]);
  });
  afterAll(() => t.stop());

  const send = (bytes: Buffer) =>
    users.eve!.request({
      method: 'POST',
      url: '/api/v1/uploads',
      form: multipart({ title: 'b' }, { name: 'b.gif', bytes }),
    });

  it('counts the bytes received, refuses what would pass the day’s allowance, and charges nothing for a refusal', async () => {
    expect((await send(big)).statusCode).toBe(201);
    const before = await stored(t);
    // Another big file does not fit in what is left (room for the two small ones).
    expect(otherBig.length).toBeGreaterThan(smalls[0]!.length + smalls[1]!.length);
    expectQuotaRefusal(await send(otherBig), 'day');
    expect(await stored(t)).toEqual(before);
    // The refused file cost nothing: a small one still fits, and then another.
    expect((await send(smalls[0]!)).statusCode).toBe(201);
    expect((await send(smalls[1]!)).statusCode).toBe(201);
    expectQuotaRefusal(await send(smalls[2]!), 'day');
  });
});

describe('upload quotas across API nodes', () => {
  it('spends the allowance in Redis, where every node counts it', async () => {
    const node = await startTestJiffy({
      REDIS_URL: 'redis://127.0.0.1:6379',
      UPLOADS_PER_HOUR: '2',
    });
    // Another API node's view of the same allowances: its own connection to the same Redis.
    const redis = new Redis('redis://127.0.0.1:6379');
    const otherNode = new UploadQuota({ uploadsPerHour: 2, bytesPerDay: 10_000_000, redis });
    try {
      const [gif, another] = await Promise.all(
        [40, 41].map((width) => animatedImage({ width, height: 30, frames: 2 })),
      );
      let uploads = 0;
      // A fresh user per run: Redis keeps its windows between runs.
      const userId = `quota${Math.random().toString(36).slice(2, 10)}`;
      await node.jiffy.services.users.insert({ id: userId, username: userId, display_name: 'Q' });
      const key = (await node.jiffy.services.apiKeys.create(userId, 'k')).key;
      const upload = () =>
        node.jiffy.app.inject({
          method: 'POST',
          url: '/v1/gifs',
          ...multipart(
            { api_key: key, title: 'r' },
            { name: 'r.gif', bytes: uploads++ ? another! : gif! },
          ),
        });
      expect((await upload()).statusCode).toBe(200);
      // The other node spends the second upload; this node then refuses the third.
      await otherNode.charge({ userId }, gif!.length);
      expectQuotaRefusal(await upload(), 'hour');
      await expect(otherNode.charge({ userId }, 1)).rejects.toThrow(/2 uploads an hour/);
    } finally {
      redis.disconnect();
      await node.stop();
    }
  });
});
