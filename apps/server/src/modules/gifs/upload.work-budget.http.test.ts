import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeMp4, writeHeavyCanvasGif } from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/test-fixture-server.ts';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// A few KB of GIF could declare minutes of decoding (a big screen repainted
// by 1x1 frames). The decoded-work budget (MAX_DECODED_PIXELS: frames × (width × height + a
// per-frame cost)) refuses them at probe time, before anything is stored or queued; URL imports fail in the job's probe.
describe('the decoded-work budget', () => {
  let t: TestJiffy;
  let fixture: FixtureServer;
  let dir: string;
  let heavy1000: Buffer;
  let heavy4096: Buffer;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-budget-'));
    // The two reproductions: 1000 frames of 1000×1000 (23 KB) and 300 frames of 4096² (6 KB).
    heavy1000 = await fs.readFile(
      await writeHeavyCanvasGif(path.join(dir, 'a.gif'), {
        width: 1000,
        height: 1000,
        frames: 1000,
      }),
    );
    heavy4096 = await fs.readFile(
      await writeHeavyCanvasGif(path.join(dir, 'b.gif'), {
        width: 4096,
        height: 4096,
        frames: 300,
      }),
    );
    fixture = await startFixtureServer((req, res) => {
      if (req.url === '/heavy.gif')
        return res.writeHead(200, { 'content-type': 'image/gif' }).end(heavy1000);
      res.writeHead(404).end();
    });
    t = await startTestJiffy({ URL_IMPORT_ALLOW_HOSTS: fixture.hostPort });
  });
  afterAll(async () => {
    await t?.stop();
    await fixture?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const upload = (name: string, bytes: Buffer) =>
    t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart({ api_key: t.apiKey }, { name, bytes }),
    });

  // Jobs about an uploaded GIF (not the periodic settle sweep, which runs at start).
  const gifJobs = async (): Promise<number> => {
    const result = await t.jiffy.database.queueExecutor.executeSql(
      `SELECT count(*)::int AS n FROM ${t.jiffy.services.queue.schema}.job
       WHERE data->>'name' IN ('gif.process', 'gif.renditions-rest')`,
      [],
    );
    return (result.rows[0] as { n: number }).n;
  };

  async function expectNothingKept(): Promise<void> {
    expect(await t.jiffy.services.gifRepository.countByStatusAndType()).toEqual([]);
    expect(await gifJobs()).toBe(0);
    const media = await fs.readdir(path.join(t.dataDir, 'media', 'gifs')).catch(() => []);
    expect(media).toEqual([]);
  }

  it.each([
    ['1000 frames of 1000×1000 in 23 KB', () => heavy1000],
    ['300 frames of 4096×4096 in 6 KB', () => heavy4096],
  ])('refuses %s: 422 too_much_work, nothing stored or queued', async (_label, bytes) => {
    expect(bytes().length).toBeLessThan(24_000);
    const response = await upload('tiny.gif', bytes());
    expect(response.statusCode).toBe(422);
    const { meta } = response.json<{ meta: { error_code: string; msg: string } }>();
    expect(meta.error_code).toBe('too_much_work');
    expect(meta.msg).toMatch(/pixels/);
    await expectNothingKept();
  });

  it('refuses a video whose duration × frame rate × picture is over the budget', async () => {
    // 4K at 30 fps for one second: 30 × (4096 × 2160 + 250 000) ≈ 273 M, a small file.
    const video = await makeMp4({
      path: path.join(dir, 'uhd.mp4'),
      width: 4096,
      height: 2160,
      seconds: 1,
      fps: 30,
      black: true,
    });
    const response = await upload('uhd.mp4', await fs.readFile(video));
    expect(response.statusCode).toBe(422);
    expect(response.json<{ meta: { error_code: string } }>().meta.error_code).toBe('too_much_work');
    await expectNothingKept();
  });

  it('still accepts an upload under the budget', async () => {
    const response = await upload(
      'ok.gif',
      await animatedImage({ width: 64, height: 48, frames: 3 }),
    );
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { id: string } }>().data;
    expect(await t.waitForGif(id)).toBe('ready');
  });

  it('fails a URL import over the budget in the job, with the same code', async () => {
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      payload: { api_key: t.apiKey, source_image_url: `${fixture.origin}/heavy.gif` },
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { id: string } }>().data;
    expect(await t.waitForGif(id)).toBe('failed');
    const status = (await t.jiffy.app.inject(`/api/v1/uploads/${id}`)).json<{
      data: { error: { code: string } };
    }>();
    expect(status.data.error.code).toBe('too_much_work');
    expect(await fs.readdir(path.join(t.dataDir, 'media', 'gifs', id)).catch(() => [])).toEqual([]);
  });
});
