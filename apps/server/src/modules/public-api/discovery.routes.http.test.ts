import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

interface Body<T> {
  data: T;
  meta: { status: number; response_id: string; error_code?: string };
}

describe('discovery endpoints', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    // One visitor's search is enough to trend here (trending-searches.http.test.ts counts people).
    t = await startTestJiffy({ TRENDING_SEARCH_MIN_VISITORS: '1' });
    const { users, gifRepository: gifs } = t.jiffy.services;
    await users.insert({ id: 'u1', username: 'catlover', display_name: 'Cat Lover' });
    await users.insert({ id: 'u2', username: 'dogperson', display_name: 'Dog Person' });
    await users.insert({
      id: 'u3',
      username: 'hiddencat',
      display_name: 'Secret',
      is_public: false,
    });
    await insertGifRow(gifs, { id: 'g1', title: 'Cat nap', tags: ['cat', 'sleepy', 'cute'] });
    await insertGifRow(gifs, { id: 'g2', title: 'Cat jump', tags: ['cat', 'jump', 'cute'] });
    await insertGifRow(gifs, { id: 'g3', title: 'Catapult', tags: ['catapult', 'launch'] });
    await insertGifRow(gifs, { id: 'g4', title: 'Hidden', tags: ['category'], status: 'removed' });
    await insertGifRow(gifs, { id: 'g5', title: 'Wild cat', tags: ['cat', 'wild'], rating: 'r' });
  });
  afterAll(() => t.stop());

  const get = async <T>(url: string) => {
    const sep = url.includes('?') ? '&' : '?';
    const response = await t.jiffy.app.inject(`${url}${sep}api_key=${t.apiKey}`);
    return { status: response.statusCode, body: response.json<Body<T>>() };
  };

  it('completes tags by prefix, most used first, with typo tolerance', async () => {
    const { status, body } = await get<{ name: string; analytics_response_payload: string }[]>(
      '/v1/gifs/search/tags?q=ca',
    );
    expect(status).toBe(200);
    expect(body.data.map((t) => t.name)).toEqual(['cat', 'catapult']);
    expect(body.data[0]!.analytics_response_payload).not.toBe('');
    expect(
      (await get<{ name: string }[]>('/v1/gifs/search/tags?q=cute&limit=1')).body.data,
    ).toHaveLength(1);
    expect(
      (await get<{ name: string }[]>('/v1/gifs/search/tags?q=sleepi')).body.data.map((t) => t.name),
    ).toContain('sleepy');
  });

  it('completes only from GIFs of the rating asked (pg-13 unless told), page by page', async () => {
    const names = async (path: string) =>
      (await get<{ name: string }[]>(path)).body.data.map((t) => t.name);
    // `wild` is only on an r-rated GIF.
    expect(await names('/v1/gifs/search/tags?q=wil')).toEqual([]);
    expect(await names('/v1/gifs/search/tags?q=wil&rating=r')).toEqual(['wild']);
    const second = await get<{ name: string }[]>('/v1/gifs/search/tags?q=ca&offset=1');
    expect(second.body.data.map((t) => t.name)).toEqual(['catapult']);
    expect(second.body).toMatchObject({ pagination: { offset: 1, count: 1 } });
  });

  it('lists tags that go with a tag, with a score, from GIFs of the rating asked (pg-13 unless told)', async () => {
    const { body } = await get<{ name: string; score: number }[]>('/v1/tags/related/cat');
    expect(body.data).toEqual([
      { name: 'cute', score: 1 },
      { name: 'jump', score: 0.5 },
      { name: 'sleepy', score: 0.5 },
    ]);
    const later = await get<{ name: string }[]>('/v1/tags/related/cat?limit=2&offset=1');
    expect(later.body.data.map((tag) => tag.name)).toEqual(['jump', 'sleepy']);
    expect(later.body).toMatchObject({ pagination: { offset: 1, count: 2 } });
    const withR = await get<{ name: string; score: number }[]>('/v1/tags/related/cat?rating=r');
    expect(withR.body.data).toEqual([
      { name: 'cute', score: 0.667 },
      { name: 'jump', score: 0.333 },
      { name: 'sleepy', score: 0.333 },
      { name: 'wild', score: 0.333 },
    ]);
  });

  it('reports trending searches from what people searched', async () => {
    await get('/v1/gifs/search?q=Cat');
    await get('/v1/gifs/search?q=cat');
    await get('/v1/gifs/search?q=jump');
    await get('/v1/gifs/search?q=cat&offset=1'); // paging is not a new search
    for (const version of ['v1', 'v2']) {
      const { body } = await get<string[]>(`/${version}/trending/searches`);
      expect(body.data).toEqual(['cat', 'jump']);
      // A page of them: `limit` and `offset`.
      expect((await get<string[]>(`/${version}/trending/searches?limit=1`)).body.data).toEqual([
        'cat',
      ]);
      expect(
        (await get<string[]>(`/${version}/trending/searches?limit=1&offset=1`)).body.data,
      ).toEqual(['jump']);
    }
  });

  it('finds public channels by name', async () => {
    const { body } = await get<{ slug: string; user: { username: string } }[]>(
      '/v1/channels/search?q=cat',
    );
    expect(body.data.map((c) => c.slug)).toEqual(['catlover']);
    expect(body.data[0]!.user.username).toBe('catlover');
    expect((await get<unknown[]>('/v1/channels/search?q=%25')).body.data).toEqual([]);
  });

  it('hands out random ids and refuses bad input', async () => {
    const { body } = await get<{ random_id: string }>('/v1/randomid');
    expect(body.data.random_id).toMatch(/^[a-z0-9]{32}$/);
    expect((await get('/v1/gifs/search/tags')).status).toBe(400);
    expect((await get(`/v1/tags/related/${'x'.repeat(60)}`)).status).toBe(400);
    expect((await get('/v1/channels/search')).status).toBe(400);
  });
});

// A parameter the API documents must do something: calls whose answer is not a page, or whose
// objects have no rating, do not list those parameters.
describe('the parameters /openapi.json documents for discovery calls', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy({}, { startWorkers: false });
  });
  afterAll(() => t.stop());

  type Operation = { parameters?: { name: string; in: string; schema?: { default?: unknown } }[] };
  const queryOf = async (path: string) => {
    const document = (await t.jiffy.app.inject('/openapi.json')).json<{
      paths: Record<string, { get: Operation }>;
    }>();
    const parameters = document.paths[path]!.get.parameters ?? [];
    return Object.fromEntries(
      parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema?.default]),
    );
  };

  it('lists no page for one GIF or given ids, no rating for channels, and each list its default size', async () => {
    for (const path of ['/v1/gifs/{id}/associations', '/v1/gifs']) {
      const query = await queryOf(path);
      expect([path, 'limit' in query, 'offset' in query]).toEqual([path, false, false]);
    }
    expect(Object.keys(await queryOf('/v1/gifs'))).toContain('ids');
    const channels = await queryOf('/v1/channels/search');
    expect(['rating' in channels, 'lang' in channels, 'limit' in channels]).toEqual([
      false,
      false,
      true,
    ]);
    expect((await queryOf('/v1/gifs/categories')).limit).toBe(20);
    expect((await queryOf('/v1/gifs/categories/{category}')).limit).toBe(12);
  });
});
