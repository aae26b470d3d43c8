import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '@jiffy/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, logEntry, startServer, type ServerProcess } from './support/server-process.ts';
import { migratedEmbeddedDatabase, serverDatabaseEnv } from './support/test-database.ts';

const run = promisify(execFile);

// Point 8: a job interrupted by a crash is finished after a restart, on either engine. On the
// embedded engine the restarted process retries it at once; on a server the queue's expiry
// (JOB_TIMEOUT_SECONDS, short here) hands it to the next worker.
describe('a server killed mid-job finishes the job after a restart', () => {
  let dataDir: string;
  let gifPath: string;
  let server: ServerProcess | undefined;
  const database = serverDatabaseEnv();

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-restart-'));
    await migratedEmbeddedDatabase(dataDir);
    gifPath = path.join(dataDir, 'slow.gif');
    // Large enough that processing takes seconds, so the kill lands mid-job.
    const { ffmpegPath } = await resolveFfmpeg();
    await run(ffmpegPath, [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=480x270:r=15:d=5',
      '-vf',
      'split[a][b];[a]palettegen[p];[b][p]paletteuse',
      '-y',
      gifPath,
    ]);
  });

  afterAll(async () => {
    // A clean stop lets a running job finish; past the grace period it is killed, and the
    // retries below give its ffmpeg children (which outlive a killed parent) time to end.
    await server?.shutdown();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 500 });
  });

  it('is ready after the restart with every page rendition served', async () => {
    const port = await freePort();
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: 'false',
      JOB_TIMEOUT_SECONDS: '20',
      QUEUE_MAINTENANCE_SECONDS: '1',
      // The retry runs a second or two after it is handed back, not after gif.process's 5–10 s
      // backoff.
      JOB_RETRY_DELAY_SECONDS: '0',
    };
    server = await startServer(env);
    const form = new FormData();
    form.set('api_key', server.apiKey);
    form.set('title', 'Slow test pattern');
    form.set('file', new Blob([await fs.readFile(gifPath)], { type: 'image/gif' }), 'slow.gif');
    const upload = await fetch(`${server.url}/v1/gifs`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const { data } = (await upload.json()) as { data: { id: string } };

    await server.waitForLine((line) => {
      const entry = logEntry(line);
      return entry?.msg === 'job started' && entry.job === 'gif.process';
    });
    await server.kill();

    server = await startServer(env);
    const deadline = Date.now() + 90_000;
    let status = 'processing';
    let body:
      | {
          data: { status: string; gif: { images: Record<string, { url?: string; mp4?: string }> } };
        }
      | undefined;
    while (status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      body = (await (await fetch(`${server.url}/api/v1/uploads/${data.id}`)).json()) as typeof body;
      status = body!.data.status;
    }
    expect(status).toBe('ready');
    const images = body!.data.gif.images;
    for (const url of [images.original?.url, images.original?.mp4, images.fixed_width?.url]) {
      const response = await fetch(url!);
      expect(response.status).toBe(200);
      expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    }
    // The job ran again as a retry of the interrupted attempt, not as a fresh job.
    const retried = server.lines
      .map(logEntry)
      .find((e) => e?.msg === 'job started' && e.job === 'gif.process');
    expect(retried?.attempt).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
