import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAnimatedGif } from '@jiffy/media/testing';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

interface TenorMediaBody {
  url: string;
  dims: [number, number];
  duration: number;
  size: number;
}
interface PageBody {
  results: { id: string; media_formats: Record<string, TenorMediaBody> }[];
}

const contentTypes: Record<string, string> = {
  gif: 'image/gif',
  mp4: 'video/mp4',
  webp: 'image/webp',
  webm: 'video/webm',
};

// Real uploads through the real pipeline, then Tenor's formats fetched as a client would.
describe('Tenor media formats', () => {
  let t: TestJiffy;
  let gifId: string;
  let stickerId: string;
  beforeAll(async () => {
    t = await startTestJiffy();
    const gif = await makeAnimatedGif({
      path: path.join(t.dataDir, 'sunset.gif'),
      width: 320,
      height: 180,
      frames: 12,
    });
    gifId = await t.uploadFileAndWait(gif, { title: 'Tenor sunset', tags: 'sunset' });
    const sticker = await makeAnimatedGif({
      path: path.join(t.dataDir, 'ball.gif'),
      width: 160,
      height: 160,
      frames: 8,
      alpha: true,
    });
    stickerId = await t.uploadFileAndWait(sticker, {
      title: 'Tenor ball',
      tags: 'ball',
      is_sticker: 'true',
    });
  }, 240_000);
  afterAll(() => t.stop());

  const search = async (query: string): Promise<Record<string, TenorMediaBody>> => {
    const response = await t.jiffy.app.inject(`/v2/search?${query}&key=${t.apiKey}`);
    expect(response.statusCode).toBe(200);
    return response.json<PageBody>().results[0]!.media_formats;
  };
  const fetchMedia = async (url: string) => {
    const response = await t.jiffy.app.inject(new URL(url).pathname);
    return {
      status: response.statusCode,
      type: response.headers['content-type'],
      bytes: response.rawPayload,
    };
  };

  it('serves every stored format at its URL with the size it lists', async () => {
    const formats = await search('q=sunset');
    const stored = Object.entries(formats).filter(([, media]) => media.size > 0);
    expect(stored.map(([name]) => name).sort()).toEqual(
      [
        'gif',
        'loopedmp4',
        'mediumgif',
        'mp4',
        'preview',
        'tinygif',
        'tinymp4',
        'tinywebp',
        'webp',
      ].sort(),
    );
    for (const [name, media] of stored) {
      const file = await fetchMedia(media.url);
      expect([name, file.status]).toEqual([name, 200]);
      expect(file.bytes.length).toBe(media.size);
      expect(file.type).toBe(contentTypes[media.url.split('.').pop()!]);
    }
    expect(formats.gif!.dims).toEqual([320, 180]);
    expect(formats.tinygif!.dims).toEqual([200, 112]);
    expect(formats.gif!.duration).toBeCloseTo(1.2, 5);
  });

  it('makes a nano GIF once on first request, however many ask at once, then lists its size', async () => {
    const before = await search('q=sunset&media_filter=nanogif');
    expect(before.nanogif).toMatchObject({ dims: [160, 90], size: 0 });
    const made = t.jiffy.services.onDemandRenditions.rendered;
    const files = await Promise.all([1, 2, 3].map(() => fetchMedia(before.nanogif!.url)));
    expect(files.map((f) => f.status)).toEqual([200, 200, 200]);
    expect(t.jiffy.services.onDemandRenditions.rendered).toBe(made + 1);
    expect(files[1]!.bytes.equals(files[0]!.bytes)).toBe(true);
    const meta = await sharp(files[0]!.bytes, { animated: true }).metadata();
    expect([meta.format, meta.width, meta.pageHeight, meta.pages]).toEqual(['gif', 160, 90, 12]);

    const after = await search('q=sunset&media_filter=nanogif');
    expect(after.nanogif).toMatchObject({ dims: [160, 90], size: files[0]!.bytes.length });
    // Served from storage from now on: nothing rendered again.
    expect((await fetchMedia(before.nanogif!.url)).status).toBe(200);
    expect(t.jiffy.services.onDemandRenditions.rendered).toBe(made + 1);
  });

  it('makes WebM, nano MP4 and nano WebP on first request', async () => {
    const formats = await search('q=sunset&media_filter=webm,tinywebm,nanowebm,nanomp4,nanowebp');
    expect(Object.keys(formats).sort()).toEqual([
      'nanomp4',
      'nanowebm',
      'nanowebp',
      'tinywebm',
      'webm',
    ]);
    for (const name of ['webm', 'tinywebm', 'nanowebm']) {
      const file = await fetchMedia(formats[name]!.url);
      expect([name, file.status, file.type]).toEqual([name, 200, 'video/webm']);
      expect(file.bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    }
    const mp4 = await fetchMedia(formats.nanomp4!.url);
    expect([mp4.status, mp4.bytes.subarray(4, 8).toString()]).toEqual([200, 'ftyp']);
    const webp = await fetchMedia(formats.nanowebp!.url);
    const meta = await sharp(webp.bytes, { animated: true }).metadata();
    expect([meta.format, meta.pageHeight, meta.pages]).toEqual(['webp', 90, 12]);
    const made = await search('q=sunset&media_filter=webm,nanomp4');
    expect(made.webm).toMatchObject({ dims: [320, 180] });
    expect(made.webm!.size).toBeGreaterThan(0);
    expect(made.nanomp4).toMatchObject({ dims: [160, 90] });
  });

  it('keeps a sticker’s transparency in its nano GIF, and GIPHY’s object stays GIPHY’s', async () => {
    const formats = await search('q=ball&searchfilter=sticker&media_filter=nanogif_transparent');
    const file = await fetchMedia(formats.nanogif_transparent!.url);
    expect(file.status).toBe(200);
    const { data, info } = await sharp(file.bytes)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([90, 90]);
    expect(data[3]).toBe(0); // the top-left pixel is transparent

    const giphy = await t.jiffy.app.inject(`/v1/gifs/${stickerId}?api_key=${t.apiKey}`);
    const images = giphy.json<{ data: { images: Record<string, { url?: string }> } }>().data.images;
    expect(Object.keys(images)).not.toContain('nano');
    expect(images.original!.url).toMatch(/original\.gif$/);
  });

  it('makes nothing for a GIF that is gone or unknown', async () => {
    const made = t.jiffy.services.onDemandRenditions.rendered;
    expect((await fetchMedia(`http://x/media/nosuchgif/nano.gif`)).status).toBe(404);
    await t.jiffy.services.gifRepository.update(gifId, { status: 'removed' });
    expect((await fetchMedia(`http://x/media/${gifId}/nano.webp`)).status).toBe(410);
    expect(t.jiffy.services.onDemandRenditions.rendered).toBe(made);
    await fs.rm(path.join(t.dataDir, 'sunset.gif'));
  });
});
