import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { startTestRedis, type TestRedis } from '../../../testing/redis-server.ts';
import { startTcpCut, type TcpCut } from '../../../testing/tcp-cut.ts';

interface Probe {
  statusCode: number;
  status: string;
  components: Record<string, { status: string; error?: string; latency_ms?: number }>;
}

const probe = async (t: TestJiffy, url: '/healthz' | '/readyz'): Promise<Probe> => {
  const response = await t.jiffy.app.inject(url);
  expect(response.headers['cache-control']).toBe('no-store');
  return { statusCode: response.statusCode, ...response.json<Omit<Probe, 'statusCode'>>() };
};

/** Probes until `done` holds (a dropped connection is noticed within moments, not at once). */
const probeUntil = async (t: TestJiffy, done: (p: Probe) => boolean): Promise<Probe> => {
  for (let i = 0; ; i++) {
    const ready = await probe(t, '/readyz');
    if (done(ready) || i >= 100) return ready;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const statuses = (p: Probe) =>
  Object.fromEntries(Object.entries(p.components).map(([name, c]) => [name, c.status]));

describe('health and readiness', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy({}, { startWorkers: false });
  }, 60_000);
  afterAll(() => t.stop());

  it('reports each component: database, queue and storage up, Redis not configured', async () => {
    const live = await probe(t, '/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.status).toBe('ok');
    const expected = { database: 'up', queue: 'up', redis: 'not_configured', storage: 'up' };
    expect(statuses(live)).toEqual(expected);
    const ready = await probe(t, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.status).toBe('ready');
    expect(statuses(ready)).toEqual(expected);
    expect(ready.components.database!.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('answers unknown routes with a 404 in the envelope of their surface', async () => {
    const site = await t.jiffy.app.inject('/api/v1/nothing-here');
    expect(site.statusCode).toBe(404);
    expect(site.json()).toMatchObject({ error: { code: 'not_found' } });
    const publicApi = await t.jiffy.app.inject('/v1/nothing-here');
    expect(publicApi.json()).toMatchObject({ meta: { status: 404, error_code: 'not_found' } });
    expect(publicApi.json<{ meta: { response_id: string } }>().meta.response_id).not.toBe('');
  });

  it('is not ready while the media storage cannot be read, and ready again once it can', async () => {
    const media = path.join(t.dataDir, 'media');
    await fs.mkdir(media, { recursive: true });
    // The media folder replaced by a plain file: nothing under it can be read or written.
    await fs.rename(media, `${media}.away`);
    await fs.writeFile(media, 'not a folder');
    try {
      const ready = await probe(t, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.status).toBe('not_ready');
      expect(statuses(ready)).toMatchObject({ storage: 'down', database: 'up', queue: 'up' });
      // The reason's details go to the log, not to whoever asks.
      expect(ready.components.storage!.error).toBe('check failed (see the log)');
      expect(JSON.stringify(ready)).not.toContain(t.dataDir);
      // Liveness stays 200: restarting the process would not bring the disk back.
      const live = await probe(t, '/healthz');
      expect(live.statusCode).toBe(200);
      expect(live.components.storage!.status).toBe('down');
    } finally {
      await fs.rm(media);
      await fs.rename(`${media}.away`, media);
    }
    expect((await probe(t, '/readyz')).statusCode).toBe(200);
  });

  it('is not ready while the job queue’s tables cannot be read', async () => {
    const schema = t.jiffy.services.queue.schema;
    const db = t.jiffy.database.db;
    await sql.raw(`ALTER SCHEMA ${schema} RENAME TO ${schema}_away`).execute(db);
    try {
      const ready = await probe(t, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(statuses(ready)).toMatchObject({ queue: 'down', database: 'up', storage: 'up' });
    } finally {
      await sql.raw(`ALTER SCHEMA ${schema}_away RENAME TO ${schema}`).execute(db);
    }
    expect((await probe(t, '/readyz')).statusCode).toBe(200);
  });
});

describe('readiness with Redis', () => {
  let redis: TestRedis;
  let t: TestJiffy;
  beforeAll(async () => {
    redis = await startTestRedis();
    t = await startTestJiffy({ REDIS_URL: redis.url }, { startWorkers: false });
  }, 60_000);
  afterAll(async () => {
    redis.resume();
    await t?.stop();
    await redis?.stop();
  });

  // Redis down leaves the node serving (its limits counted in memory): still in rotation.
  it('reports Redis up, then down once its server stops (degraded, 200), then up when it is back', async () => {
    const ready = await probe(t, '/readyz');
    expect(ready.status).toBe('ready');
    expect(statuses(ready)).toEqual({ database: 'up', queue: 'up', redis: 'up', storage: 'up' });
    await redis.stop();
    const down = await probeUntil(t, (p) => p.status === 'degraded');
    expect(down.statusCode).toBe(200);
    expect(down.status).toBe('degraded');
    expect(statuses(down)).toMatchObject({ redis: 'down', database: 'up', queue: 'up' });
    expect((await probe(t, '/healthz')).statusCode).toBe(200);
    await redis.restart();
    const back = await probeUntil(t, (p) => p.status === 'ready');
    expect(back.statusCode).toBe(200);
    expect(back.components.redis!.status).toBe('up');
  });

  it('reports Redis down when it stops answering, without hanging the probe', async () => {
    redis.pause();
    try {
      const ready = await probe(t, '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.status).toBe('degraded');
      expect(ready.components.redis).toMatchObject({
        status: 'down',
        error: 'no answer within 2000 ms',
      });
      expect(ready.components.database!.status).toBe('up');
    } finally {
      redis.resume();
    }
    expect((await probeUntil(t, (p) => p.status === 'ready')).status).toBe('ready');
  });
});

// The embedded database lives in the process: it cannot be down while the process answers.
describe.skipIf(!process.env.DATABASE_URL)('readiness with the PostgreSQL server cut off', () => {
  let relay: TcpCut;
  let t: TestJiffy;
  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    relay = await startTcpCut({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${relay.port}`;
    t = await startTestJiffy({ DATABASE_URL: url.toString() }, { startWorkers: false });
  }, 60_000);
  afterAll(async () => {
    await relay?.restore().catch(() => {});
    await t?.stop();
    await relay?.close();
  });

  it('reports the database and queue down (503) while the server is unreachable', async () => {
    expect((await probe(t, '/readyz')).statusCode).toBe(200);
    // A query in flight when the server goes away fails as a query; its connection's 'error'
    // event must not escape as an uncaught exception (which would end a real node).
    const inFlight = sql`SELECT pg_sleep(5)`.execute(t.jiffy.database.db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await relay.cut();
    await expect(inFlight).rejects.toThrow(/Connection terminated/);
    const down = await probeUntil(t, (p) => p.statusCode === 503);
    expect(down.statusCode).toBe(503);
    expect(statuses(down)).toMatchObject({ database: 'down', queue: 'down', storage: 'up' });
    const live = await probe(t, '/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.components.database!.status).toBe('down');
    await relay.restore();
    const back = await probeUntil(t, (p) => p.statusCode === 200);
    expect(statuses(back)).toMatchObject({ database: 'up', queue: 'up' });
  });
});
