import { renditionNames } from '@jiffy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { STORAGE_BACKENDS } from '../../../testing/test-s3.ts';

interface UploadStatusBody {
  data: {
    status: string;
    error: { code: string } | null;
    gif: {
      id: string;
      images: Record<string, Record<string, string>>;
      title: string;
      tags: string[];
      is_sticker: number;
    } | null;
  };
}

describe.each(STORAGE_BACKENDS)('POST /v1/gifs (%s storage)', (storage) => {
  let t: TestJiffy;
  let gif: Buffer;
  let catKey: string;
  let moderatorKey: string;
  beforeAll(async () => {
    t = await startTestJiffy({}, { storage });
    gif = await animatedImage({ width: 320, height: 180, frames: 8 });
    await t.jiffy.services.users.insert({
      id: 'u-cat',
      username: 'catlover',
      display_name: 'Cat Lover',
    });
    await t.jiffy.services.users.insert({
      id: 'u-mod',
      username: 'moddy',
      display_name: 'Moderator',
      role: 'moderator',
    });
    catKey = (await t.jiffy.services.apiKeys.create('u-cat', 'uploads')).key;
    moderatorKey = (await t.jiffy.services.apiKeys.create('u-mod', 'uploads')).key;
  });
  afterAll(() => t.stop());

  const upload = (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
    t.jiffy.app.inject({ method: 'POST', url: '/v1/gifs', ...multipart(fields, file) });

  it('answers at once with an id in GIPHY’s envelope, then the GIF becomes ready', async () => {
    const response = await upload(
      { api_key: catKey, title: 'Square run', tags: 'Square, run,square', username: 'catlover' },
      { name: 'run.gif', bytes: gif, type: 'image/gif' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      data: { id: string };
      meta: { status: number; msg: string; response_id: string };
    }>();
    expect(body.data.id).toMatch(/^[A-Za-z0-9]{18}$/);
    expect(body.meta).toMatchObject({ status: 200, msg: 'OK' });
    expect(body.meta.response_id).not.toBe('');

    expect(await t.waitForGif(body.data.id)).toBe('ready');
    const status = (
      await t.jiffy.app.inject(`/api/v1/uploads/${body.data.id}`)
    ).json<UploadStatusBody>();
    expect(status.data.status).toBe('ready');
    expect(status.data.gif).toMatchObject({
      title: 'Square run',
      tags: ['square', 'run'],
      is_sticker: 0,
    });
    const images = status.data.gif!.images;
    expect(images.original).toMatchObject({ width: '320', height: '180' });
    expect(images.original!.url).toMatch(/^http:\/\/localhost:0\/media\/.+\/original\.gif$/);
    expect(images.original!.mp4).toMatch(/original\.mp4$/);
    expect(images.original!.webp).toMatch(/original\.webp$/);
    expect(images.fixed_width).toMatchObject({ width: '200' });
    expect(images.original_still!.url).toBeDefined();

    const gifObject = await t.jiffy.app.inject(`/v1/gifs/${body.data.id}?api_key=${t.apiKey}`);
    expect(gifObject.statusCode).toBe(200);
    expect(gifObject.json<{ data: { username: string } }>().data.username).toBe('catlover');
  });

  it('makes the full rendition set once the remaining phase has run', async () => {
    const { data } = (
      await upload({ api_key: t.apiKey, title: 'Full set' }, { name: 'full.gif', bytes: gif })
    ).json<{ data: { id: string } }>();
    await t.waitForGif(data.id, { complete: true });
    const status = (
      await t.jiffy.app.inject(`/api/v1/uploads/${data.id}`)
    ).json<UploadStatusBody>();
    const names = Object.keys(status.data.gif!.images).sort();
    // Every rendition GIPHY names; hd only when the source is larger than 480 px.
    expect(names).toEqual(renditionNames.filter((n) => n !== 'hd').toSorted());
    expect(status.data.gif!.images.fixed_height_small).toMatchObject({ height: '100' });
  });

  it('keeps a sticker transparent and marks it as a sticker', async () => {
    const sticker = await animatedImage({
      width: 160,
      height: 160,
      frames: 6,
      alpha: true,
      format: 'webp',
    });
    const { data } = (
      await upload(
        { api_key: t.apiKey, is_sticker: 'true', title: 'Floating' },
        { name: 'float.webp', bytes: sticker },
      )
    ).json<{ data: { id: string } }>();
    expect(await t.waitForGif(data.id)).toBe('ready');
    const row = await t.jiffy.services.gifRepository.findById(data.id);
    expect(row).toMatchObject({ type: 'sticker', has_alpha: true, source_format: 'webp' });
  });

  it('lets staff credit another channel, and credits the key’s owner by default', async () => {
    const asModerator = await upload(
      { api_key: moderatorKey, title: 'For the cat lover', username: 'catlover' },
      { name: 'for.gif', bytes: gif },
    );
    const own = await upload({ api_key: catKey, title: 'Mine' }, { name: 'mine.gif', bytes: gif });
    for (const response of [asModerator, own]) {
      expect(response.statusCode).toBe(200);
      const id = response.json<{ data: { id: string } }>().data.id;
      expect((await t.jiffy.services.gifRepository.findById(id))?.user_id).toBe('u-cat');
    }
  });

  it('answers GIPHY’s upload API with a source_image_url in a JSON body too', async () => {
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: `/v1/gifs?api_key=${t.apiKey}`,
      payload: { source_image_url: 'http://127.0.0.1:9/x.gif' },
    });
    // Loopback is refused before anything is recorded.
    expect(response.statusCode).toBe(400);
    expect(response.json<{ meta: { error_code: string } }>().meta.error_code).toBe(
      'url_not_allowed',
    );
  });
});
