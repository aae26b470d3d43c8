import fs from 'node:fs/promises';
import path from 'node:path';
import { GiphyFetch, setServerUrl } from '@giphy/js-fetch-api';
import { makeVideo } from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../apps/server/testing/fixtures.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';

// GIPHY's own client, pointed at a Jiffy server over real HTTP: what an app built on the SDK sees.
describe('@giphy/js-fetch-api against Jiffy', () => {
  let t: TestJiffy;
  let gf: GiphyFetch;
  let origin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
    setServerUrl(`${origin}/v1/`);
    gf = new GiphyFetch(t.apiKey);
    await t.jiffy.services.users.insert({
      id: 'u-robot',
      username: 'robotfan',
      display_name: 'Robot Fan',
    });
    // An upload credited to a channel is made with that channel's own key.
    const robotFansKey = (await t.jiffy.services.apiKeys.create('u-robot', 'uploads')).key;
    // 'rain' looks different from the rest, so only shared tags can relate it.
    const uploads: [string, Record<string, string>, boolean, 'bars' | 'rings'][] = [
      ['dance', { title: 'Robot Dance', tags: 'robot,dance', username: 'robotfan' }, false, 'bars'],
      ['party', { title: 'Dance Party', tags: 'dance,party' }, false, 'bars'],
      ['rain', { title: 'Quiet Rain', tags: 'rain,calm' }, false, 'rings'],
      [
        'star',
        { title: 'Dancing Star', tags: 'star,dance,emoji', is_sticker: 'true' },
        true,
        'bars',
      ],
      [
        'sparkle',
        { title: 'Sparkle', tags: 'star,emoji,shine', is_sticker: 'true' },
        true,
        'rings',
      ],
    ];
    for (const [key, fields, sticker, pattern] of uploads) {
      const bytes = await animatedImage({
        width: 160,
        height: 120,
        frames: 4,
        alpha: sticker,
        pattern,
      });
      const response = await t.jiffy.app.inject({
        method: 'POST',
        url: '/v1/gifs',
        ...multipart(
          { api_key: fields.username ? robotFansKey : t.apiKey, ...fields },
          { name: `${key}.gif`, bytes },
        ),
      });
      ids[key] = response.json<{ data: { id: string } }>().data.id;
      await t.waitForGif(ids[key]);
    }
    // Two clips (videos with sound), related by their shared tag.
    for (const [key, title] of [
      ['clip', 'Dance Clip'],
      ['clip2', 'Talking Clip'],
    ] as const) {
      const file = path.join(t.dataDir, `${key}.mp4`);
      await makeVideo({ path: file, width: 320, height: 180, seconds: 1, withSound: true });
      const response = await t.jiffy.app.inject({
        method: 'POST',
        url: '/v1/gifs',
        ...multipart(
          { api_key: t.apiKey, title, tags: 'clip,talk' },
          { name: `${key}.mp4`, bytes: await fs.readFile(file) },
        ),
      });
      ids[key] = response.json<{ data: { id: string } }>().data.id;
      await t.waitForGif(ids[key], { complete: true, timeoutMs: 60_000 });
    }
  });
  afterAll(() => t.stop());

  it('search returns GIF objects the SDK normalises, with pagination and a response id', async () => {
    const result = await gf.search('dance', { limit: 10 });
    expect(result.meta.response_id).not.toBe('');
    expect(result.data.map((g) => g.id).sort()).toEqual([ids.dance, ids.party].sort());
    expect(result.pagination).toMatchObject({ total_count: 2, count: 2, offset: 0 });
    const gif = result.data[0]!;
    expect(gif.is_sticker).toBe(false);
    expect(gif.images.fixed_width.width).toBe(200);
    expect(gif.images.original.url).toMatch(/\/media\/.+\/original\.gif$/);
    expect(gif.images.fixed_width.mp4).toMatch(/fixed_width\.mp4$/);
    expect(gif.response_id).toBe(result.meta.response_id);
    const image = await fetch(gif.images.fixed_width.url);
    expect(image.headers.get('content-type')).toBe('image/gif');
  });

  it('search with type stickers and a channel', async () => {
    const stickers = await gf.search('dance', { type: 'stickers' });
    expect(stickers.data.map((g) => g.id)).toEqual([ids.star]);
    expect(stickers.data[0]!.is_sticker).toBe(true);
    const channel = await gf.search('dance', { channel: 'robotfan' });
    expect(channel.data.map((g) => g.id)).toEqual([ids.dance]);
    expect(channel.data[0]!.user).toMatchObject({
      username: 'robotfan',
      display_name: 'Robot Fan',
      is_verified: false,
    });
  });

  it('videos: search, trending and related with type videos, each with its playable file', async () => {
    const found = await gf.search('dance', { type: 'videos' });
    expect(found.data.map((g) => g.id)).toEqual([ids.clip]);
    expect(found.data[0]!.type).toBe('video');
    const asset = found.data[0]!.video!.assets['360p'];
    expect(asset).toMatchObject({ width: 320, height: 180 });
    expect((await fetch(asset.url)).headers.get('content-type')).toBe('video/mp4');
    const trending = await gf.trending({ type: 'videos' });
    expect(trending.data.map((g) => g.id).sort()).toEqual([ids.clip, ids.clip2].sort());
    const related = await gf.related(ids.clip!, { type: 'videos' });
    expect(related.data.map((g) => g.id)).toEqual([ids.clip2]);
  });

  it('trending, gif by id, gifs by ids, related and random', async () => {
    const trending = await gf.trending({ limit: 10 });
    expect(trending.data.map((g) => g.id).sort()).toEqual([ids.dance, ids.party, ids.rain].sort());

    const one = await gf.gif(ids.rain!);
    expect(one.data).toMatchObject({ id: ids.rain, title: 'Quiet Rain', tags: ['rain', 'calm'] });

    const some = await gf.gifs([ids.rain!, 'unknownid', ids.dance!]);
    expect(some.data.map((g) => g.id)).toEqual([ids.rain, ids.dance]);

    const related = await gf.related(ids.dance!, { limit: 5 });
    expect(related.data.map((g) => g.id)).toEqual([ids.party]);

    const random = await gf.random({ tag: 'calm' });
    expect(random.data.id).toBe(ids.rain);
  });

  it('categories, subcategories and a subcategory’s GIFs, derived from tags', async () => {
    const categories = await gf.categories();
    expect(categories.data.map((c) => c.name)).toEqual(['Dance']);
    const dance = categories.data[0]!;
    expect(dance.name_encoded).toBe('dance');
    expect(dance.subcategories.map((s) => s.name)).toEqual(['Party', 'Robot']);
    expect([ids.dance, ids.party]).toContain(dance.gif?.id);

    const subcategories = await gf.subcategories('dance');
    expect(subcategories.data.map((c) => c.name)).toEqual(['Party', 'Robot']);

    const gifs = await gf.gifs('dance', 'robot');
    expect(gifs.data.map((g) => g.id)).toEqual([ids.dance]);

    await expect(gf.subcategories('nonsense')).rejects.toMatchObject({ status: 404 });
  });

  it('emoji, their variations and associations; animate answers 404 cleanly', async () => {
    const emoji = await gf.emoji();
    expect(emoji.data.map((g) => g.id).sort()).toEqual([ids.star, ids.sparkle].sort());
    const v2 = await gf.emojiDefaultVariations();
    expect(v2.data).toHaveLength(2);
    const variations = await gf.emojiVariations(ids.star!);
    expect(variations.data.map((g) => g.id)).toEqual([ids.star, ids.sparkle]);
    await expect(gf.emojiVariations(ids.rain!)).rejects.toMatchObject({ status: 404 });
    await expect(gf.animate('hello')).rejects.toMatchObject({ status: 404 });

    const associations = await fetch(
      `${origin}/v1/gifs/${ids.dance}/associations?api_key=${t.apiKey}`,
    );
    expect(((await associations.json()) as { data: unknown }).data).toEqual({
      tags: ['robot', 'dance'],
      channels: ['robotfan'],
    });
  });

  it('a GIF found by search is the object gifs/{id} answers, renditions, user and video alike', async () => {
    const get = (route: string) =>
      fetch(`${origin}/v1/${route}api_key=${t.apiKey}`).then(
        (r) => r.json() as Promise<{ data: Record<string, unknown> | Record<string, unknown>[] }>,
      );
    // What differs between two answers is only which response the analytics point back to.
    const unanswered = ({
      analytics: _a,
      analytics_response_payload: _p,
      ...gif
    }: Record<string, unknown>) => gif;
    for (const [id, search] of [
      [ids.dance!, 'gifs/search?q=robot&'],
      [ids.clip!, 'videos/search?q=dance&'],
    ]) {
      const found = ((await get(search!)).data as Record<string, unknown>[]).find(
        (gif) => gif.id === id,
      );
      const byId = (await get(`gifs/${id}?`)).data as Record<string, unknown>;
      expect(Object.keys(byId.images as object).length).toBeGreaterThan(5);
      expect(unanswered(found!)).toEqual(unanswered(byId));
    }
  });

  it('trims objects with fields= and bundle=', async () => {
    const api = (query: string) =>
      fetch(`${origin}/v1/gifs/search?api_key=${t.apiKey}&q=robot&${query}`).then(
        (r) => r.json() as Promise<{ data: Record<string, unknown>[] }>,
      );
    const trimmed = await api('fields=id,images.original');
    expect(trimmed.data).toEqual([
      { id: ids.dance, images: { original: expect.objectContaining({ width: '160' }) as unknown } },
    ]);
    const bundled = await api('bundle=clips_grid_picker');
    expect(Object.keys(bundled.data[0]!.images as object).sort()).toEqual([
      'fixed_width',
      'original',
    ]);
  });

  it('turns an error into the SDK’s FetchError with Jiffy’s message', async () => {
    const badKey = new GiphyFetch('not-a-key');
    const error = await badKey.trending({ limit: 3 }).then(
      () => null,
      (e: unknown) => e as { status: number; message: string },
    );
    expect(error?.status).toBe(401);
    expect(error?.message).toContain('api_key');
  });
});
