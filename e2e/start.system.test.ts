import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type ServerProcess } from './support/server-process.ts';

interface Stats {
  gifs: { processing: number; ready: number; failed: number };
  ready_by_type: { gif: number; sticker: number; video: number };
  renditions_pending: number;
}

async function stats(server: ServerProcess): Promise<Stats> {
  const response = await fetch(`${server.url}/api/v1/instance/stats`);
  return ((await response.json()) as { data: Stats }).data;
}

// Point 2, exactly as a self-hoster runs it: no configuration but a data folder and a port.
// The embedded engine is what `npm start` uses, so this runs once, in the PGlite pass of the suite.
describe.skipIf(process.env.DATABASE_URL)('npm start on a fresh machine', () => {
  let dataDir: string;
  let port: number;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-start-'));
    port = await freePort();
  });
  afterAll(async () => {
    // A clean stop lets a running job finish; past the grace period it is killed, and the
    // retries below give its ffmpeg children (which outlive a killed parent) time to end.
    await server?.shutdown();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 500 });
  });

  const env = () => ({
    DATA_DIR: dataDir,
    PORT: String(port),
    DATABASE_URL: '',
    JIFFY_API_KEY: '',
  });

  it('prints its URL and API key, and seeds a demo library that all becomes ready', async () => {
    server = await startServer(withoutEmpty(env()));
    expect(server.url).toBe(`http://localhost:${port}`);
    expect(server.apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    await server.waitForLine((l) => l.includes('demo library queued'), 120_000);
    const deadline = Date.now() + 240_000;
    let current = await stats(server);
    while (current.gifs.processing > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      current = await stats(server);
    }
    expect(current.gifs.failed).toBe(0);
    expect(current.gifs.processing).toBe(0);
    expect(current.ready_by_type.gif).toBeGreaterThanOrEqual(60);
    expect(current.ready_by_type.sticker).toBeGreaterThanOrEqual(20);
    // The demo clips: MP4s with sound, so they come out as videos (for /clips and videos/*).
    expect(current.ready_by_type.video).toBeGreaterThanOrEqual(3);
    // The demo's emoji set: GIPHY's emoji calls answer it, with variations for a face.
    const emoji = (await (
      await fetch(`${server.url}/v1/emoji?api_key=${server.apiKey}&limit=50`)
    ).json()) as { data: { id: string; title: string }[] };
    expect(emoji.data.length).toBeGreaterThanOrEqual(6);
    const face = emoji.data.find((g) => g.title === 'Happy Face')!;
    const variations = (await (
      await fetch(`${server.url}/v2/emoji/${face.id}/variations?api_key=${server.apiKey}`)
    ).json()) as { data: { title: string }[] };
    expect(variations.data.map((g) => g.title)).toEqual(
      expect.arrayContaining(['Sad Face', 'Winking Face']),
    );
    await expect(fs.stat(path.join(dataDir, 'db'))).resolves.toBeTruthy();
    await expect(fs.stat(path.join(dataDir, 'media', 'gifs'))).resolves.toBeTruthy();
  }, 400_000);

  it('keeps its data and API key across a restart and does not seed again', async () => {
    const before = await stats(server!);
    const apiKey = server!.apiKey;
    expect(await server!.stop()).toBe(0);
    server = await startServer(withoutEmpty(env()));
    expect(server.apiKey).toBe(apiKey);
    const after = await stats(server);
    expect(after.gifs.ready + after.gifs.processing).toBe(
      before.gifs.ready + before.gifs.processing,
    );
    // Give a would-be second seed time to show itself.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.lines.some((l) => l.includes('seeding demo library'))).toBe(false);
  }, 120_000);

  it('honours JIFFY_API_KEY as the default key', async () => {
    await server!.stop();
    server = await startServer({ ...withoutEmpty(env()), JIFFY_API_KEY: 'my-own-key-123' });
    expect(server.apiKey).toBe('my-own-key-123');
  }, 60_000);
});

function withoutEmpty(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
}
