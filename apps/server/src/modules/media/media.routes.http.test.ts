import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../../../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { STORAGE_BACKENDS } from '../../../testing/test-s3.ts';

// Served through Jiffy from either backend: from a bucket, ranges become GetObject ranges.
describe.each(STORAGE_BACKENDS)('GET /media/:id/:rendition.:ext (%s storage)', (storage) => {
  let t: TestJiffy;
  let id: string;
  let mp4Path: string;
  let mp4Size: number;

  beforeAll(async () => {
    t = await startTestJiffy({ MEDIA_BASE_URL: 'https://cdn.example.com/m' }, { storage });
    const bytes = await animatedImage({ width: 240, height: 160, frames: 6 });
    id = await t.uploadAndWait({ name: 'a.gif', bytes }, {}, { complete: false });
    const gif = (await t.jiffy.app.inject(`/v1/gifs/${id}?api_key=${t.apiKey}`)).json<{
      data: { images: { original: { mp4: string; mp4_size: string } } };
    }>();
    // GIF objects carry absolute URLs on MEDIA_BASE_URL; the server answers the path part.
    expect(gif.data.images.original.mp4).toBe(`https://cdn.example.com/m/${id}/original.mp4`);
    mp4Path = `/media/${id}/original.mp4`;
    mp4Size = Number(gif.data.images.original.mp4_size);
  });
  afterAll(() => t.stop());

  it('serves the file with its type, validators and a year of immutable caching', async () => {
    const response = await t.jiffy.app.inject(mp4Path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(new Date(response.headers['last-modified'] as string).getTime()).not.toBeNaN();
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload.length).toBe(mp4Size);
    expect(response.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const again = await t.jiffy.app.inject({
      url: mp4Path,
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await t.jiffy.app.inject({ method: 'HEAD', url: mp4Path });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['content-length'])).toBe(mp4Size);
    expect(response.rawPayload.length).toBe(0);
  });

  it('serves byte ranges for seeking', async () => {
    const full = (await t.jiffy.app.inject(mp4Path)).rawPayload;
    const part = await t.jiffy.app.inject({ url: mp4Path, headers: { range: 'bytes=10-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-99/${mp4Size}`);
    expect(part.rawPayload.equals(full.subarray(10, 100))).toBe(true);

    // A player's first probe is often the first byte alone.
    const first = await t.jiffy.app.inject({ url: mp4Path, headers: { range: 'bytes=0-0' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-0/${mp4Size}`);
    expect(first.rawPayload.equals(full.subarray(0, 1))).toBe(true);

    const tail = await t.jiffy.app.inject({ url: mp4Path, headers: { range: 'bytes=-16' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(full.subarray(mp4Size - 16))).toBe(true);

    const outside = await t.jiffy.app.inject({
      url: mp4Path,
      headers: { range: `bytes=${mp4Size}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${mp4Size}`);
  });

  it('resumes a download only from the same file (If-Range)', async () => {
    const full = await t.jiffy.app.inject(mp4Path);
    const etag = String(full.headers.etag);
    const lastModified = String(full.headers['last-modified']);
    const resume = (ifRange: string) =>
      t.jiffy.app.inject({ url: mp4Path, headers: { range: 'bytes=10-99', 'if-range': ifRange } });

    for (const same of [etag, lastModified]) {
      const part = await resume(same);
      expect(part.statusCode, same).toBe(206);
      expect(part.rawPayload.equals(full.rawPayload.subarray(10, 100))).toBe(true);
    }
    // Another file's ETag, a weak one, an older date or nonsense: the whole file, not a splice.
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    for (const other of ['"another file"', `W/${etag}`, older, 'garbage']) {
      const whole = await resume(other);
      expect(whole.statusCode, other).toBe(200);
      expect(whole.headers['content-range'], other).toBeUndefined();
      expect(whole.rawPayload.equals(full.rawPayload), other).toBe(true);
    }
  });

  it('serves every format with its content type', async () => {
    const types = {
      'original.gif': 'image/gif',
      'original.webp': 'image/webp',
      'original_still.gif': 'image/gif',
    };
    for (const [file, type] of Object.entries(types)) {
      const response = await t.jiffy.app.inject(`/media/${id}/${file}`);
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type']).toBe(type);
    }
  });

  it('answers unknown ids, renditions and odd paths with a clear 404', async () => {
    for (const url of [
      `/media/nope123/original.gif`,
      `/media/${id}/fixed_width.jpg`,
      `/media/${id}/not_a_rendition.gif`,
      `/media/${id}/..%2F..%2Fetc%2Fpasswd`,
      `/media/${id}/source`,
    ]) {
      const response = await t.jiffy.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('rendition_not_found');
    }
  });

  it('answers a rendition whose file is missing from the store with a 404', async () => {
    const still = `/media/${id}/original_still.gif`;
    expect((await t.jiffy.app.inject(still)).statusCode).toBe(200);
    await t.jiffy.services.storage.delete(`gifs/${id}/original_still.gif`);
    const missing = await t.jiffy.app.inject(still);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: { code: string } }>().error.code).toBe('rendition_not_found');
  });

  it('stops serving a GIF once it is removed: 410 gif_removed (taken down on purpose)', async () => {
    expect((await t.jiffy.app.inject(mp4Path)).statusCode).toBe(200); // kept by this process
    await t.jiffy.services.gifRepository.update(id, { status: 'removed' });
    // What every change of a GIF's visibility does in its request (moderation.service.ts).
    t.jiffy.services.cachePurge.purge(id);
    const gone = await t.jiffy.app.inject(mp4Path);
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ error: { code: string } }>().error.code).toBe('gif_removed');
    await t.jiffy.services.gifRepository.update(id, { status: 'ready' });
    expect((await t.jiffy.app.inject(mp4Path)).statusCode).toBe(200); // not kept while removed
  });
});
