import path from 'node:path';
import { defaultMediaLimits, probe } from '@jiffy/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { demoCatalog } from './demo-catalog.ts';
import { seedDemoLibrary } from './seed-demo.ts';

interface Listed {
  id: string;
  type: string;
  title: string;
  username: string;
  video?: { assets: Record<string, { url: string; width: number; height: number }> };
}

interface Stats {
  gifs: { processing: number; ready: number; failed: number };
  ready_by_type: { gif: number; sticker: number; video: number };
  renditions_pending: number;
}

// The demo clips go through the real seed and upload pipeline, so /clips and videos/* have
// something to show on a fresh instance. Only the clips are seeded: the rest of the library
// is covered by e2e/start.system.test.ts.
describe('seeding the demo clips', () => {
  const clips = demoCatalog().filter((i) => i.kind === 'clip');
  let t: TestJiffy;

  beforeAll(async () => {
    t = await startTestJiffy();
    const uploaded = await seedDemoLibrary({
      services: t.jiffy.services,
      tempRoot: path.join(t.dataDir, 'tmp'),
      log: () => undefined,
      catalog: clips,
    });
    expect(uploaded).toBe(clips.length);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const s = await stats();
      if (s.gifs.processing === 0 && s.renditions_pending === 0) break;
      if (Date.now() > deadline) throw new Error(`clips still processing: ${JSON.stringify(s)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 150_000);
  afterAll(() => t.stop());

  const stats = async (): Promise<Stats> =>
    (await t.jiffy.app.inject('/api/v1/instance/stats')).json<{ data: Stats }>().data;
  const list = async (url: string): Promise<Listed[]> => {
    const response = await t.jiffy.app.inject(`${url}&api_key=${t.apiKey}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Listed[] }>().data;
  };

  it('makes every clip a ready video', async () => {
    const s = await stats();
    expect(s.gifs.failed).toBe(0);
    expect(s.ready_by_type).toEqual({ gif: 0, sticker: 0, video: clips.length });
  });

  it('lists them on videos/trending with their titles, creators and a playable 270p file', async () => {
    const trending = await list('/v1/videos/trending?limit=25');
    expect(trending.map((v) => v.title).sort()).toEqual(clips.map((c) => c.title).sort());
    for (const video of trending) {
      const clip = clips.find((c) => c.title === video.title)!;
      expect(video.type).toBe('video');
      expect(video.username).toBe(clip.username);
      const source = video.video!.assets.source!;
      expect(source).toMatchObject({ width: 480, height: 270 });
      const file = await t.jiffy.app.inject(new URL(source.url).pathname);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('video/mp4');
    }
  });

  it('finds them on videos/search by tag and by title word, and not on gifs/search', async () => {
    expect((await list('/v1/videos/search?q=sound&limit=25')).length).toBe(clips.length);
    const sunrise = await list('/v1/videos/search?q=chimes');
    expect(sunrise.map((v) => v.title)).toEqual(['Sunrise Chimes']);
    expect(await list('/v1/gifs/search?q=sound')).toEqual([]);
  });

  it('keeps each stored original with its sound track', async () => {
    const rows = await t.jiffy.services.gifRepository.originalKeys(
      (await list('/v1/videos/trending?limit=25')).map((v) => v.id),
    );
    expect(rows.size).toBe(clips.length);
    for (const [id, key] of rows) {
      expect(key, id).not.toBeNull();
      const local = path.join(t.dataDir, 'tmp', `${id}.mp4`);
      await t.jiffy.services.storage.getToFile(key!, local);
      const probed = await probe(local, defaultMediaLimits);
      expect(probed.kind, id).toBe('video');
      expect(probed.hasAudio, id).toBe(true);
    }
  });
});
