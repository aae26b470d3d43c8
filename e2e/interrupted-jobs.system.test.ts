import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeAnimatedGif } from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, logEntry, startServer, type ServerProcess } from './support/server-process.ts';
import { migratedEmbeddedDatabase, serverDatabaseEnv } from './support/test-database.ts';

interface UploadStatus {
  status: string;
  error: { code: string } | null;
  renditions_complete: boolean;
  renditions_error: { code: string } | null;
  gif: { images: Record<string, Record<string, string>> } | null;
}

/** Attempts the media jobs' retry policy allows (retryLimit 3 + the first). */
const ATTEMPTS = 4;

/** The preload that holds chosen GIFs' work at a checkpoint (see the file). */
const HOLD_AT_CHECKPOINTS = fileURLToPath(
  new URL('../apps/server/testing/hold-at-checkpoints.ts', import.meta.url),
);

// kill -9 on every attempt of a job, including the final one, leaves each GIF
// ready or failed with a code, and no stored file that no row references. The server is started
// with a preload (testing/hold-at-checkpoints.ts) that, as JIFFY_TEST_HANG_AT says, holds a GIF's
// work at a known checkpoint (after its files are stored, before its commit), so each kill lands
// there. On the embedded engine a restart gives the interrupted attempt back at
// once; on a server the queue's expiry (JOB_TIMEOUT_SECONDS) does.
describe('kill -9 on each attempt of a job', () => {
  let dataDir: string;
  let gifPath: string;
  let server: ServerProcess | undefined;
  const database = serverDatabaseEnv();
  const env: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-interrupted-'));
    await migratedEmbeddedDatabase(dataDir);
    gifPath = await makeAnimatedGif({
      width: 48,
      height: 48,
      frames: 4,
      path: path.join(dataDir, 'small.gif'),
    });
    Object.assign(env, {
      ...database.env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SEED_DEMO: 'false',
      // pg-boss gives up on a handler that outlives its job's expiry, fails the attempt and
      // fetches the retry in the same process: every attempt must still hang when the test
      // kills it, although its twin on the other worker may take several seconds to reach its
      // own hang on a loaded machine (5 s was too short on CI). On a server a restart waits for
      // this expiry; on the embedded engine it recovers the attempts at once.
      JOB_TIMEOUT_SECONDS: '20',
      JOB_RETRY_DELAY_SECONDS: '0',
      QUEUE_MAINTENANCE_SECONDS: '1',
      WORKER_CONCURRENCY: '2',
      SETTLE_SWEEP_SECONDS: '1',
      // Long enough that G3's orphaned source is still there when the folders are counted just
      // after it is stored, and that no upload in flight loses its source; the test's end waits
      // out this grace after the last attempt stores its files.
      ORPHAN_GRACE_SECONDS: '5',
    });
  });

  afterAll(async () => {
    await server?.shutdown();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 500 });
  });

  // Each GIF's title picks where its work stops: G1's processing after storing its renditions,
  // G2's remaining renditions likewise, and G3's upload after storing the file.
  const HANG_AT = 'essential-stored:G1,rest-stored:G2,upload-stored:G3';
  const start = async () => {
    server = await startServer({ ...env, JIFFY_TEST_HANG_AT: HANG_AT }, [], {
      nodeArgs: ['--import', HOLD_AT_CHECKPOINTS],
    });
    return server;
  };

  const upload = async (s: ServerProcess, title: string) => {
    const form = new FormData();
    form.set('api_key', s.apiKey);
    form.set('title', title);
    form.set('file', new Blob([await fs.readFile(gifPath)], { type: 'image/gif' }), 'small.gif');
    return fetch(`${s.url}/v1/gifs`, { method: 'POST', body: form });
  };
  const uploadedId = async (response: Response) => {
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };

  const uploadStatus = async (s: ServerProcess, id: string) =>
    ((await (await fetch(`${s.url}/api/v1/uploads/${id}`)).json()) as { data: UploadStatus }).data;

  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  /** Waits until attempt `attempt` of `job` on GIF `gifId` (titled `title`) hangs. */
  const hangsOnAttempt = async (
    s: ServerProcess,
    job: string,
    gif: { id: string; title: string },
    attempt: number,
  ) => {
    const started = logEntry(
      await s.waitForLine((line) => {
        const entry = logEntry(line);
        const data = entry?.data as { gifId?: string } | undefined;
        return entry?.msg === 'job started' && entry.job === job && data?.gifId === gif.id;
      }),
    );
    expect(started?.attempt).toBe(attempt);
    await s.waitForLine((line) => {
      const entry = logEntry(line);
      return entry?.msg === 'test hang' && entry.title === gif.title;
    });
  };

  const filesOf = async (gifId: string) =>
    fs.readdir(path.join(dataDir, 'media', 'gifs', gifId)).catch(() => [] as string[]);
  const gifFolders = async () =>
    (await fs.readdir(path.join(dataDir, 'media', 'gifs')).catch(() => [] as string[])).sort();

  it('ends each GIF ready or failed with a code, with no orphaned file', async () => {
    let s = await start();
    // G2 becomes ready; its remaining renditions (G2) and G1's processing are then killed on
    // every attempt, side by side (two workers), each after storing its files.
    const partial = await uploadedId(await upload(s, 'G2'));
    const failing = await uploadedId(await upload(s, 'G1'));
    // G3's upload is killed after its file is stored, before its row is recorded.
    const lost = upload(s, 'G3').catch(() => null);
    await s.waitForLine((line) => logEntry(line)?.msg === 'test hang' && line.includes('G3'));
    expect(await gifFolders()).toHaveLength(3);
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      if (attempt > 1) s = await start();
      await Promise.all([
        hangsOnAttempt(s, 'gif.process', { id: failing, title: 'G1' }, attempt),
        hangsOnAttempt(s, 'gif.renditions-rest', { id: partial, title: 'G2' }, attempt),
      ]);
      await s.kill();
    }
    await lost;
    // The interrupted attempts stored renditions that no row references.
    expect((await filesOf(failing)).length).toBeGreaterThan(1);

    s = await start();
    const failed = await until(
      () => uploadStatus(s, failing),
      (u) => u.status !== 'processing',
    );
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe('processing_interrupted');

    const ready = await until(
      () => uploadStatus(s, partial),
      (u) => u.renditions_complete || u.renditions_error !== null,
    );
    expect(ready.status).toBe('ready');
    expect(ready.renditions_complete).toBe(false);
    expect(ready.renditions_error?.code).toBe('renditions_failed');
    // Still served with the renditions a page needs.
    const page = await fetch(ready.gif!.images.fixed_width!.url!);
    expect(page.status).toBe(200);

    // Every file left is one a row references: the sources, and the ready GIF's renditions.
    const served = new Set(
      Object.values(ready.gif!.images)
        .flatMap((image) => [image.url, image.mp4, image.webp])
        .filter((url): url is string => Boolean(url))
        .map((url) => path.basename(new URL(url).pathname)),
    );
    const settled = async () => ({
      folders: await gifFolders(),
      failing: await filesOf(failing),
      partial: (await filesOf(partial)).filter((f) => f !== 'source' && !served.has(f)),
    });
    const left = await until(
      settled,
      (l) => l.folders.length === 2 && l.failing.length === 1 && l.partial.length === 0,
    );
    expect(left).toEqual({
      folders: [failing, partial].sort(),
      failing: ['source'],
      partial: [],
    });
  }, 240_000);
});
