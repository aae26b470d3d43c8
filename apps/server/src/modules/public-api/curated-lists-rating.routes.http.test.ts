import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Listed = { id: string };
type Category = {
  name: string;
  name_encoded: string;
  subcategories: { name: string; name_encoded: string }[];
  gif: Listed | null;
};
type Body<T> = { data: T; meta: { status: number } };

// Categories and emoji are curated lists: family-friendly GIFs only (g and pg), whatever
// `rating` asks for, and never more than it asks for (a `rating=g` app must not get pg).
describe('the curated lists (categories, emoji) under a rating', () => {
  let t: TestJiffy;

  beforeAll(async () => {
    t = await startTestJiffy({}, { startWorkers: false });
    const gifs = t.jiffy.services.gifRepository;
    // The most engaging of the dance GIFs is the pg one: the category's picture, unless g only.
    await insertGifRow(gifs, { id: 'danceg', tags: ['dance', 'party'], rating: 'g' });
    await insertGifRow(gifs, { id: 'dancepg', tags: ['dance', 'party'], rating: 'pg' });
    await gifs.update('dancepg', { view_count: 100 });
    await insertGifRow(gifs, { id: 'robotg', tags: ['dance', 'robot'], rating: 'g' });
    await insertGifRow(gifs, { id: 'dancer', tags: ['dance', 'party'], rating: 'r' });
    await gifs.update('dancer', { view_count: 1000 });
    const emoji = (id: string, rating: 'g' | 'pg' | 'pg-13' | 'r', tags = ['emoji', 'smile']) =>
      insertGifRow(gifs, { id, type: 'sticker', tags, rating });
    await emoji('smileg', 'g');
    await emoji('smilepg', 'pg');
    await emoji('smilepgthirteen', 'pg-13');
    await emoji('smiler', 'r');
    await emoji('winkg', 'g', ['emoji', 'smile', 'wink']);
  });
  afterAll(() => t.stop());

  const get = async <T>(path: string) => {
    const sep = path.includes('?') ? '&' : '?';
    const response = await t.jiffy.app.inject(`${path}${sep}api_key=${t.apiKey}`);
    return { status: response.statusCode, body: response.json<Body<T>>() };
  };
  const ids = (gifs: Listed[]) => gifs.map((gif) => gif.id).sort();

  it('counts, pictures and lists only g and pg GIFs, and only g when asked', async () => {
    const all = (await get<Category[]>('/v1/gifs/categories')).body.data;
    // Named for people, addressed by their tag (as GIPHY's "Actions" and "actions").
    expect(all.map((c) => [c.name, c.name_encoded])).toEqual([
      ['Dance', 'dance'],
      ['Party', 'party'],
    ]);
    expect(all[0]!.gif!.id).toBe('dancepg');
    // Party's most engaging GIF is Dance's picture already: it gets its next one.
    expect(all[1]!.gif!.id).toBe('danceg');
    expect(all[0]!.subcategories).toEqual([
      { name: 'Party', name_encoded: 'party' },
      { name: 'Robot', name_encoded: 'robot' },
    ]);
    const g = (await get<Category[]>('/v1/gifs/categories?rating=g')).body.data;
    expect(g.map((c) => c.name)).toEqual(['Dance']);
    expect(g[0]!.gif!.id).toBe('danceg');
    // r asks for more than a curated list shows: still g and pg.
    const shown = (categories: Category[]) => categories.map((c) => [c.name, c.gif?.id]);
    const r = (await get<Category[]>('/v1/gifs/categories?rating=r')).body.data;
    expect(shown(r)).toEqual(shown(all));

    const subs = (await get<Category[]>('/v1/gifs/categories/dance?rating=g')).body.data;
    expect(subs.map((c) => [c.name, c.gif?.id])).toEqual([
      ['Party', 'danceg'],
      ['Robot', 'robotg'],
    ]);
    const party = '/v1/gifs/categories/dance/party';
    expect(ids((await get<Listed[]>(party)).body.data)).toEqual(['danceg', 'dancepg']);
    expect(ids((await get<Listed[]>(`${party}?rating=g`)).body.data)).toEqual(['danceg']);
    expect(ids((await get<Listed[]>(`${party}?rating=r`)).body.data)).toEqual([
      'danceg',
      'dancepg',
    ]);
  });

  it("pages the categories and a category's subcategories with limit and offset", async () => {
    type Paged = {
      data: Category[];
      pagination: { total_count: number; count: number; offset: number };
    };
    const page = async (path: string) => {
      const { status, body } = await get<Category[]>(path);
      expect([path, status]).toEqual([path, 200]);
      const { data, pagination } = body as unknown as Paged;
      return { names: data.map((c) => c.name), pagination };
    };
    expect(await page('/v1/gifs/categories?limit=1')).toEqual({
      names: ['Dance'],
      pagination: { total_count: 1, count: 1, offset: 0 },
    });
    expect(await page('/v1/gifs/categories?limit=1&offset=1')).toEqual({
      names: ['Party'],
      pagination: { total_count: 2, count: 1, offset: 1 },
    });
    expect((await page('/v1/gifs/categories?offset=2')).names).toEqual([]);
    // Each category still lists its first subcategories, whatever page it is on.
    const second = (await get<Category[]>('/v1/gifs/categories?limit=1&offset=1')).body.data;
    expect(second[0]!.subcategories.map((s) => s.name)).toEqual(['Dance']);

    expect((await page('/v1/gifs/categories/dance?limit=1')).names).toEqual(['Party']);
    expect((await page('/v1/gifs/categories/dance?limit=1&offset=1')).names).toEqual(['Robot']);
    // Past the end of a known category: an empty page; an unknown one stays a 404.
    expect((await page('/v1/gifs/categories/dance?offset=2')).names).toEqual([]);
    expect((await get('/v1/gifs/categories/nosuch?offset=2')).status).toBe(404);

    for (const bad of [
      'limit=0',
      'limit=-1',
      'limit=ten',
      'offset=-1',
      'offset=5000',
      'offset=1.5',
    ]) {
      for (const path of ['/v1/gifs/categories', '/v1/gifs/categories/dance']) {
        const refused = await get(`${path}?${bad}`);
        expect([path, bad, refused.status]).toEqual([path, bad, 400]);
      }
    }
  });

  it('lists emoji and their variations of g and pg only, g alone when asked, page by page', async () => {
    for (const version of ['v1', 'v2']) {
      expect(ids((await get<Listed[]>(`/${version}/emoji`)).body.data)).toEqual([
        'smileg',
        'smilepg',
        'winkg',
      ]);
      expect(ids((await get<Listed[]>(`/${version}/emoji?rating=g`)).body.data)).toEqual([
        'smileg',
        'winkg',
      ]);
    }
    const variations = '/v2/emoji/smileg/variations';
    const all = (await get<Listed[]>(variations)).body.data;
    expect(all[0]!.id).toBe('smileg');
    expect(ids(all)).toEqual(['smileg', 'smilepg', 'winkg']);
    expect(ids((await get<Listed[]>(`${variations}?rating=g`)).body.data)).toEqual([
      'smileg',
      'winkg',
    ]);
    // The emoji itself leads the first page; a later page holds only variations.
    const first = (await get<Listed[]>(`${variations}?limit=1`)).body.data;
    const second = (await get<Listed[]>(`${variations}?limit=1&offset=1`)).body.data;
    expect(first).toHaveLength(2);
    expect(first[0]!.id).toBe('smileg');
    expect(second).toHaveLength(1);
    expect(['smilepg', 'winkg']).toContain(second[0]!.id);
    expect(second[0]!.id).not.toBe(first[1]!.id);
    // An emoji above the ratings asked for, or above pg, is not found.
    for (const path of [
      '/v2/emoji/smilepg/variations?rating=g',
      '/v2/emoji/smilepgthirteen/variations',
      '/v2/emoji/smiler/variations?rating=r',
    ]) {
      const refused = await get(path);
      expect([path, refused.status]).toEqual([path, 404]);
    }
    expect((await get('/v2/emoji/smileg/variations?rating=nc-17')).status).toBe(400);
  });
});
