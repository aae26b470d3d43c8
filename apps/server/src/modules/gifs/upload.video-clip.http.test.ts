import fs from 'node:fs/promises';
import path from 'node:path';
import { makeVideo } from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

interface ListBody {
  data: {
    id: string;
    type: string;
    images: Record<string, unknown>;
    video?: { assets: Record<string, { url: string; width: number; height: number }> };
  }[];
}

// A video with sound is a clip (GIPHY's videos); a silent one is a GIF.
describe('clips: videos with sound', () => {
  let t: TestJiffy;
  let dir: string;
  beforeAll(async () => {
    t = await startTestJiffy();
    dir = path.join(t.dataDir, 'fixtures');
    await fs.mkdir(dir);
  });
  afterAll(() => t.stop());

  const upload = (file: string, title: string) => t.uploadFileAndWait(file, { title });
  const list = async (url: string) =>
    (await t.jiffy.app.inject(`${url}&api_key=${t.apiKey}`)).json<ListBody>().data;

  it('lists a video with sound on videos/*, with its playable file; a silent one stays a GIF', async () => {
    const size = { width: 320, height: 180, seconds: 1 };
    const talking = await upload(
      await makeVideo({ ...size, withSound: true, path: path.join(dir, 'talk.mp4') }),
      'Talking parrot',
    );
    const silent = await upload(
      await makeVideo({ ...size, path: path.join(dir, 'quiet.mp4') }),
      'Quiet parrot',
    );

    const videos = await list('/v1/videos/search?q=parrot');
    expect(videos.map((v) => v.id)).toEqual([talking]);
    expect(videos[0]!.type).toBe('video');
    const asset = videos[0]!.video!.assets['360p']!;
    expect(asset).toMatchObject({ width: 320, height: 180 });
    expect(videos[0]!.video!.assets.source).toEqual(asset);
    expect(videos[0]!.images).not.toHaveProperty('clip');
    expect((await list('/v1/videos/trending?limit=5')).map((v) => v.id)).toEqual([talking]);

    const clipPath = new URL(asset.url).pathname;
    const clip = await t.jiffy.app.inject(clipPath);
    expect(clip.statusCode).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');

    const picker = (await list('/v1/videos/search?q=parrot&bundle=clips_grid_picker'))[0]!;
    expect(Object.keys(picker.images).sort()).toEqual(['fixed_width', 'original']);
    expect(picker.video!.assets['360p']).toEqual(asset);
    const messaging = (await list('/v1/videos/search?q=parrot&bundle=messaging_non_clips'))[0]!;
    expect(messaging).not.toHaveProperty('video');
    expect(messaging.images).toHaveProperty('fixed_width_small');

    const gifs = await list('/v1/gifs/search?q=parrot');
    expect(gifs.map((g) => g.id)).toEqual([silent]);
    expect(gifs[0]).not.toHaveProperty('video');
  });
});
