import fs from 'node:fs/promises';
import path from 'node:path';
import {
  makeAnimatedGif,
  makeAnimatedWebp,
  makeApng,
  makePng,
  makeVideo,
} from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// Point 5: every accepted container goes from upload to a ready GIF with the page renditions.
describe('accepted upload formats', () => {
  let t: TestJiffy;
  let dir: string;
  beforeAll(async () => {
    t = await startTestJiffy();
    dir = path.join(t.dataDir, 'fixtures');
    await fs.mkdir(dir);
  });
  afterAll(() => t.stop());

  const size = { width: 96, height: 64 };
  const makers: [string, string, () => Promise<string>][] = [
    [
      'animated GIF',
      'gif',
      () => makeAnimatedGif({ ...size, frames: 4, path: path.join(dir, 'a.gif') }),
    ],
    [
      'animated WebP',
      'webp',
      () => makeAnimatedWebp({ ...size, frames: 4, path: path.join(dir, 'a.webp') }),
    ],
    [
      'static WebP',
      'webp',
      () => makeAnimatedWebp({ ...size, frames: 1, path: path.join(dir, 's.webp') }),
    ],
    ['PNG', 'png', () => makePng({ ...size, path: path.join(dir, 's.png') })],
    ['APNG', 'apng', () => makeApng({ ...size, frames: 4, path: path.join(dir, 'a.png') })],
    [
      'MP4',
      'mp4',
      () => makeVideo({ ...size, seconds: 1, format: 'mp4', path: path.join(dir, 'v.mp4') }),
    ],
    [
      'WebM',
      'webm',
      () => makeVideo({ ...size, seconds: 1, format: 'webm', path: path.join(dir, 'v.webm') }),
    ],
    [
      'MOV',
      'mov',
      () => makeVideo({ ...size, seconds: 1, format: 'mov', path: path.join(dir, 'v.mov') }),
    ],
  ];

  it.each(makers)('%s becomes ready', async (_label, format, make) => {
    const file = await make();
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart(
        { api_key: t.apiKey },
        { name: path.basename(file), bytes: await fs.readFile(file) },
      ),
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { id: string } }>().data;
    expect(await t.waitForGif(id)).toBe('ready');
    const row = await t.jiffy.services.gifRepository.findById(id);
    expect(row).toMatchObject({ source_format: format, width: 96, height: 64 });
    const status = (await t.jiffy.app.inject(`/api/v1/uploads/${id}`)).json<{
      data: { gif: { images: Record<string, Record<string, string>> } };
    }>();
    const { original, fixed_width } = status.data.gif.images;
    expect(original).toMatchObject({ width: '96', height: '64' });
    expect(original!.url && original!.mp4 && original!.webp).toBeTruthy();
    expect(fixed_width!.width).toBe('200');
  });
});
