import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../apps/server/testing/fixtures.ts';
import { startTestS3, type TestS3 } from '../apps/server/testing/test-s3.ts';
import { freePort, logEntry, startServer, type ServerProcess } from './support/server-process.ts';

// Scale-out as a self-hoster runs it: two `--role=api` processes and one `--role=worker`, each
// with a data folder of its own, sharing only the PostgreSQL server, Redis and an S3 server
// (s3rver on loopback). Only a PostgreSQL server can be shared, so this runs in the server pass.
// Several nodes share the PostgreSQL server, the engine this test names.
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Per key and minute; the load spreads over LOAD_KEYS keys so only the limit test meets it. */
const RATE_LIMIT = 3000;
const LOAD_KEYS = 96;
/**
 * Requests each API node takes in the load test, from 4 connections each: a third of them
 * pingback batches of 20 events, so the run sends 12,000 events from one address (ten minutes
 * of one visitor's default budget) and keeps both nodes busy at once throughout.
 */
const LOAD_REQUESTS_PER_NODE = 900;
const ADMIN = { login: 'nodesadmin', password: 'several-nodes-password' };

interface Gif {
  id: string;
  analytics_response_payload: string;
  images: Record<string, { url?: string; mp4?: string }>;
}

/** A site API client over real HTTP to one node: keeps cookies, echoes the CSRF cookie. */
class HttpSiteClient {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async send(url: string, init: { method?: string; body?: object } = {}): Promise<Response> {
    if (!this.cookies.has('jiffy_csrf')) await this.#remember(await fetch(`${this.base}/`));
    const response = await fetch(`${this.base}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': this.cookies.get('jiffy_csrf')!,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    await this.#remember(response);
    return response;
  }

  async #remember(response: Response): Promise<void> {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    if (!response.bodyUsed && response.url.endsWith('/')) await response.arrayBuffer();
  }
}

describe.runIf(DATABASE_URL)('several nodes on shared PostgreSQL, Redis and S3', () => {
  const schema = `t_nodes_${Date.now().toString(36)}`;
  let root: string;
  let s3: TestS3;
  let db: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  let worker: ServerProcess;
  let apiKey: string;
  let gif: Gif;

  const nodeEnv = async (name: string): Promise<Record<string, string>> => {
    const dataDir = path.join(root, name);
    await fs.mkdir(dataDir);
    return {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      DATABASE_URL: DATABASE_URL!,
      DATABASE_SCHEMA: schema,
      REDIS_URL,
      ...(s3.env as Record<string, string>),
      SEED_DEMO: 'false',
      API_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      // The load below sends every pingback from one address, far past one visitor's budget
      // of events; the limit on keys is what this test measures.
      PINGBACK_EVENTS_PER_MINUTE: '100000000',
      JIFFY_ADMIN: ADMIN.login,
      JIFFY_ADMIN_EMAIL: 'nodesadmin@example.org',
      JIFFY_ADMIN_PASSWORD: ADMIN.password,
      // A killed worker's job is retried once it expires: on a server nothing else can tell
      // a dead worker from a slow one. Still several times what a job here takes on a loaded
      // machine, since it is also each job's deadline.
      JOB_TIMEOUT_SECONDS: '15',
      QUEUE_MAINTENANCE_SECONDS: '2',
      // The expired job's retry runs a second or two later, not after gif.process's 5-10 s
      // backoff.
      JOB_RETRY_DELAY_SECONDS: '0',
    };
  };
  const startWorker = async () =>
    startServer(await nodeEnv(`worker-${Date.now()}`), ['--role=worker']);
  const api = (node: ServerProcess, url: string) =>
    fetch(`${node.url}${url}${url.includes('?') ? '&' : '?'}api_key=${apiKey}`);
  const gifOn = async (node: ServerProcess, id: string) =>
    ((await (await api(node, `/v1/gifs/${id}`)).json()) as { data: Gif }).data;

  const upload = async (node: ServerProcess, bytes: Buffer, title: string) => {
    const form = multipart({ api_key: apiKey, title }, { name: `${title}.gif`, bytes });
    const response = await fetch(`${node.url}/v1/gifs`, {
      method: 'POST',
      headers: form.headers,
      body: new Uint8Array(form.payload),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };

  /** Waits until `node` answers the GIF with its full set of renditions. */
  const readyOn = async (node: ServerProcess, id: string, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await db.query<{ status: string; renditions_complete: boolean }>(
        `SELECT status, renditions_complete FROM ${schema}.gifs WHERE id = $1`,
        [id],
      );
      if (row.rows[0]?.status === 'ready' && row.rows[0].renditions_complete)
        return gifOn(node, id);
      if (Date.now() > deadline) throw new Error(`${id} not ready: ${JSON.stringify(row.rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-nodes-'));
    s3 = await startTestS3(path.join(root, 's3'));
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    // One node first: it migrates the schema and makes the admin and the default key.
    a = await startServer(await nodeEnv('a'), ['--role=api']);
    [b, worker] = await Promise.all([
      startServer(await nodeEnv('b'), ['--role=api']),
      startWorker(),
    ]);
    apiKey = a.apiKey;
    expect(b.apiKey).toBe(apiKey);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.shutdown(), b?.shutdown(), worker?.shutdown()]);
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db?.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    await db?.end();
    await s3?.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('an upload through node A is processed by the worker and served by node B', async () => {
    const bytes = await animatedImage({ width: 160, height: 120, frames: 6 });
    const id = await upload(a, bytes, 'otter-on-a');
    gif = await readyOn(b, id);
    const still = gif.images['fixed_width_still']!.url!;
    expect(still.startsWith(`${b.url}/media/`)).toBe(true);
    const fromB = await fetch(still);
    expect(fromB.status).toBe(200);
    const onA = (await gifOn(a, id)).images['fixed_width_still']!.url!;
    const fromA = Buffer.from(await (await fetch(onA)).arrayBuffer());
    expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true);
    // Nothing of it is on any node's own disk: the media live in the bucket.
    for (const node of ['a', 'b']) {
      const local = await fs.readdir(path.join(root, node, 'media')).catch(() => []);
      expect(local, node).toEqual([]);
    }
  }, 180_000);

  it("a takedown on A is gone from B's kept answers within a second", async () => {
    const admin = new HttpSiteClient(a.url);
    const signedIn = await admin.send('/api/v3/login', { method: 'POST', body: ADMIN });
    expect(signedIn.status).toBe(200);
    const searchOnB = async () =>
      ((await (await api(b, '/v1/gifs/search?q=otter')).json()) as { data: Gif[] }).data.map(
        (g) => g.id,
      );
    expect(await searchOnB()).toEqual([gif.id]); // now kept by B for its cache time
    const taken = await admin.send('/api/v3/content-takedown/takedown', {
      method: 'POST',
      body: { gif_id: gif.id, reason: 'spam' },
    });
    expect(taken.status).toBe(200);
    const answered = Date.now();
    let shown = await searchOnB();
    while (shown.length > 0 && Date.now() - answered < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      shown = await searchOnB();
    }
    expect(shown).toEqual([]);
    expect((await api(b, `/v1/gifs/${gif.id}`)).status).toBe(404);
    // B kept the still's rendition when it served it above; 410 says it asked again (a kept
    // row would look for the file where it no longer is, a 404).
    const still = gif.images['fixed_width_still']!.url!;
    expect((await fetch(still)).status).toBe(410);
  });

  it('counts the public API limit and sign-in limits across both nodes (Redis)', async () => {
    // A key of its own: RATE_LIMIT calls a minute in all. Each node alone sees fewer.
    const key = `limits${Date.now().toString(36)}`;
    await db.query(`INSERT INTO ${schema}.api_keys (key, name) VALUES ($1, 'limits')`, [key]);
    const burst = async (node: ServerProcess, count: number) => {
      const result = await autocannon({
        url: `${node.url}/v1/gifs/trending?api_key=${key}&limit=1`,
        connections: 10,
        amount: count,
      });
      return { ok: result['2xx'], refused: result.non2xx };
    };
    const onA = await burst(a, RATE_LIMIT * 0.6);
    const onB = await burst(b, RATE_LIMIT * 0.6);
    expect(onA).toEqual({ ok: RATE_LIMIT * 0.6, refused: 0 });
    expect(onB).toEqual({ ok: RATE_LIMIT * 0.4, refused: RATE_LIMIT * 0.2 });

    // Wrong passwords for one account from one address: 10 are allowed across the nodes.
    const account = { login: `ghost${Date.now().toString(36)}`, password: 'not-the-password' };
    const attempt = (node: ServerProcess) =>
      new HttpSiteClient(node.url).send('/api/v3/login', { method: 'POST', body: account });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 ? b : a)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
  }, 120_000);

  it('loses nothing when the worker is killed (SIGKILL) in the middle of a job', async () => {
    const bytes = await animatedImage({ width: 480, height: 360, frames: 40, pattern: 'rings' });
    const id = await upload(b, bytes, 'otter-kill');
    await worker.waitForLine((line) => {
      const entry = logEntry(line);
      return entry?.msg === 'job started' && JSON.stringify(entry.data).includes(id);
    }, 60_000);
    await worker.kill();
    worker = await startWorker();
    const ready = await readyOn(a, id, 150_000);
    expect(Object.keys(ready.images).length).toBeGreaterThan(20);
    const mp4 = ready.images['original']!.mp4!;
    expect((await fetch(mp4)).status).toBe(200);
  }, 200_000);

  it(`takes ${2 * LOAD_REQUESTS_PER_NODE} requests of load across both API nodes with no error and no lost pingback`, async () => {
    const keys = Array.from({ length: LOAD_KEYS }, (_, i) => `load${i}x${Date.now().toString(36)}`);
    for (const key of keys)
      await db.query(`INSERT INTO ${schema}.api_keys (key, name) VALUES ($1, 'load')`, [key]);
    const badger = await animatedImage({ width: 64, height: 48, frames: 3 });
    const visible = await readyOn(a, await upload(a, badger, 'badger'));
    const before = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.pingback_events`,
    );
    const EVENTS_PER_BATCH = 20;
    const batch = () =>
      JSON.stringify({
        events: Array.from({ length: EVENTS_PER_BATCH }, (_, i) => ({
          action_type: i % 2 ? 'SEEN' : 'CLICK',
          analytics_response_payload: visible.analytics_response_payload,
          user_id: `load-${i}`,
          ts: Date.now(),
        })),
      });
    let turn = 0;
    /** Events the nodes acknowledged as stored, summed from their answers. */
    let acknowledged = 0;
    const load = (node: ServerProcess) =>
      autocannon({
        url: node.url,
        connections: 4,
        amount: LOAD_REQUESTS_PER_NODE,
        requests: [
          {
            setupRequest: (request, context) => {
              const key = keys[turn++ % keys.length]!;
              const kind = turn % 3;
              (context as Record<string, unknown>)['pingback'] = kind === 0;
              if (kind === 0)
                return {
                  ...request,
                  method: 'POST',
                  path: `/v2/pingback?api_key=${key}`,
                  headers: { 'content-type': 'application/json' },
                  body: batch(),
                };
              return {
                ...request,
                method: 'GET',
                path:
                  kind === 1
                    ? `/v1/gifs/search?q=badger&api_key=${key}`
                    : `/v1/gifs/trending?api_key=${key}&limit=10`,
              };
            },
            onResponse: (status, body, context) => {
              if ((context as Record<string, unknown>)['pingback'] && status === 200)
                acknowledged += (JSON.parse(body) as { data: { stored: number } }).data.stored;
            },
          },
        ],
      });
    const results = await Promise.all([load(a), load(b)]);
    const sent = results.reduce((n, r) => n + r['2xx'] + r.non2xx, 0);
    const errors = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
    const after = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.pingback_events`,
    );
    const stored = after.rows[0]!.n - before.rows[0]!.n;
    console.info(
      `load: ${sent} requests in ${Math.max(...results.map((r) => r.duration))} s over 2 API nodes ` +
        `(${results.map((r) => `${r.requests.average} req/s, p99 ${r.latency.p99} ms`).join('; ')}), ` +
        `${errors} errors; ${acknowledged} pingback events acknowledged, ${stored} stored`,
    );
    expect(errors).toBe(0);
    expect(sent).toBeGreaterThan(1000);
    expect(acknowledged).toBeGreaterThan(1000);
    // Every event a node acknowledged is stored (a request whose answer was lost, were there
    // one, would be in the table only).
    expect(stored).toBeGreaterThanOrEqual(acknowledged);
    expect(stored - acknowledged).toBeLessThanOrEqual(8 * EVENTS_PER_BATCH);
  }, 180_000);
});
