import fs from 'node:fs/promises';
import { avatarVariantUrl } from '@jiffy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../../../testing/fixtures.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type GifBody = { data: { images: Record<string, Record<string, string>> } };

/**
 * MEDIA_BASE_URL set to the bucket's own public URL: the URLs in API answers are fetched from
 * the S3 server itself (real HTTP, no Jiffy in the path), the way a browser or a CDN would.
 */
describe('media served straight from the bucket (STORAGE=s3, MEDIA_BASE_URL = the bucket)', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let id: string;
  let images: GifBody['data']['images'];
  let bucketUrl: string;

  beforeAll(async () => {
    t = await startTestJiffy({}, { storage: 's3', mediaFromBucket: true });
    bucketUrl = t.jiffy.services.urls.mediaBaseUrl;
    ({ users } = await permissionMatrix(t));
    const bytes = await animatedImage({ width: 160, height: 120, frames: 4 });
    const file = `${t.dataDir}/walk.gif`;
    await fs.writeFile(file, bytes);
    id = await t.uploadFileAndWait(file);
    images = (await t.jiffy.app.inject(`/v1/gifs/${id}?api_key=${t.apiKey}`)).json<GifBody>().data
      .images;
  });
  afterAll(() => t.stop());

  it('points renditions at the bucket, which serves the same bytes with type and caching', async () => {
    expect(bucketUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/jiffy-test\/instance$/);
    const files = [
      [images.original!.url!, 'image/gif', `/media/${id}/original.gif`],
      [images.original!.mp4!, 'video/mp4', `/media/${id}/original.mp4`],
      [images.fixed_width!.webp!, 'image/webp', `/media/${id}/fixed_width.webp`],
      [images.original_still!.url!, 'image/gif', `/media/${id}/original_still.gif`],
    ] as const;
    for (const [url, type, jiffyPath] of files) {
      expect(url.startsWith(`${bucketUrl}/${id}/`), url).toBe(true);
      const fromBucket = await fetch(url);
      expect(fromBucket.status, url).toBe(200);
      expect(fromBucket.headers.get('content-type')).toBe(type);
      expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await fromBucket.arrayBuffer());
      // Jiffy's own /media answers the same file (the path a CDN in front of Jiffy would use).
      const fromJiffy = await t.jiffy.app.inject(jiffyPath);
      expect(fromJiffy.statusCode).toBe(200);
      expect(bytes.equals(fromJiffy.rawPayload)).toBe(true);
    }
    const range = await fetch(images.original!.mp4!, { headers: { range: 'bytes=4-7' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('ftyp');
  });

  it('keeps the uploaded source out of the public layout', async () => {
    expect(await t.jiffy.services.storage.stat(`gifs/${id}/source`)).not.toBeNull();
    expect((await fetch(`${bucketUrl}/${id}/source`)).status).toBe(404);
  });

  it('stores the default avatars at start, so a user’s avatar URL works from the bucket', async () => {
    const { data } = (await users.ann!.get('/api/v1/users/idann/')).json<{
      data: { avatar_url: string };
    }>();
    expect(data.avatar_url).toMatch(new RegExp(`^${bucketUrl}/avatars/default[1-5]\\.gif$`));
    // Drawn in the background at start: wait for the last file of the set.
    const last = avatarVariantUrl(data.avatar_url, '200w');
    for (let i = 0; i < 300 && (await fetch(last)).status !== 200; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    for (const url of [data.avatar_url, last, avatarVariantUrl(data.avatar_url, '80h')]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/gif');
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 6)
          .toString(),
      ).toBe('GIF89a');
    }
  });

  it('takes the files off the public layout at a takedown, and brings them back at a restore', async () => {
    const url = images.original!.url!;
    const takedown = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: id,
      reason: 'spam',
    });
    expect(takedown.statusCode).toBe(200);
    expect((await fetch(url)).status).toBe(404);
    expect((await t.jiffy.services.storage.list(`quarantine/gifs/${id}`)).length).toBeGreaterThan(
      0,
    );
    const restore = await users.adm!.post('/api/v3/content-takedown/restore', { gif_id: id });
    expect(restore.statusCode).toBe(200);
    const back = await fetch(url);
    expect(back.status).toBe(200);
    expect(back.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
