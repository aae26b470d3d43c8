import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const BASE = '/api/v4/moderation/trending-searches';
const MIN_VISITORS = 3;

type Review = {
  min_visitors: number;
  candidates: {
    term: string;
    visitors: number;
    searches: number;
    shows: boolean;
    refusal: string | null;
  }[];
  hidden: { term: string; hidden_by: { username: string | null } | null }[];
  blocked_terms: string[];
};
const code = (response: LightMyRequestResponse) =>
  response.json<{ error?: { code: string } }>().error?.code;

/**
 * Trending searches count people: distinct visitors (signed-in users, else address buckets)
 * whose search found GIFs, without the terms moderators hid or blocked; what a visitor sees is
 * read where they see it (GIPHY's and Tenor's trending terms, autocomplete, the home page).
 */
describe('trending searches', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let address = 0;

  /** A first page of search for `q` from an address of its own (or the one given). */
  const searchFrom = (q: string, remoteAddress = `198.51.100.${++address}`) =>
    t.jiffy.app.inject({
      url: `/v1/gifs/search?q=${encodeURIComponent(q)}&api_key=${t.apiKey}`,
      remoteAddress,
    });
  const searchedByPeople = async (q: string, people = MIN_VISITORS) => {
    for (let i = 0; i < people; i++) expect((await searchFrom(q)).statusCode).toBe(200);
  };
  const giphyTrending = async () =>
    (await t.jiffy.app.inject(`/v1/trending/searches?api_key=${t.apiKey}`)).json<{
      data: string[];
    }>().data;
  const tenorTrending = async () =>
    (await t.jiffy.app.inject(`/v2/trending_terms?key=${t.apiKey}`)).json<{
      results: string[];
    }>().results;
  const autocomplete = async (q: string) =>
    (await t.jiffy.app.inject(`/v1/gifs/search/tags?q=${q}&api_key=${t.apiKey}`))
      .json<{ data: { name: string }[] }>()
      .data.map((tag) => tag.name);
  /** The terms under the home page's "Trending searches" heading, as its HTML shows them. */
  const homeTrending = async () => {
    const html = (await t.jiffy.app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    const section = /<h2 id="trending-searches">Trending searches<\/h2>(.*?)<\/section>/s.exec(
      html,
    )?.[1];
    return [...(section ?? '').matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
  };
  const put = (client: SiteClient, url: string, body: object) =>
    client.request({ method: 'PUT', url, body });
  const review = async (who = users.mod!) => (await who.get(BASE)).json<{ data: Review }>().data;
  /** Polls `read` until `done` holds or a second has passed; answers the last reading. */
  const withinASecond = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
    const started = Date.now();
    let value = await read();
    while (!done(value) && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      value = await read();
    }
    return value;
  };

  beforeAll(async () => {
    t = await startTestJiffy({ TRENDING_SEARCH_MIN_VISITORS: String(MIN_VISITORS) });
    const gifs = t.jiffy.services.gifRepository;
    const rows: [string, string, string[]][] = [
      ['otter1', 'Otter nap', ['otter']],
      ['heron1', 'Heron fishing', ['heron']],
      ['badger1', 'Badger dig', ['badger', 'rude badger']],
      ['newt1', 'Newt swim', ['newt']],
      ['lynx1', 'Lynx stare', ['lynx']],
    ];
    for (const [id, title, tags] of rows) await insertGifRow(gifs, { id, title, tags });
    ({ users, visitor } = await permissionMatrix(t));
  });
  afterAll(() => t.stop());

  it('does not trend a term one script searches a hundred times from one address', async () => {
    for (let i = 0; i < 100; i++) {
      await searchFrom('xqzzyv blorp', '203.0.113.9');
      await searchFrom('heron', '203.0.113.9');
    }
    // Two more addresses of the same IPv6 /64 are still that one caller.
    await searchFrom('heron', '2001:db8:1:2::1');
    await searchFrom('heron', '2001:db8:1:2::ffff');
    expect(await giphyTrending()).not.toContain('heron');
    expect(await giphyTrending()).not.toContain('xqzzyv blorp');
    expect(await tenorTrending()).not.toContain('heron');
    const heron = (await review()).candidates.find((c) => c.term === 'heron');
    expect(heron).toMatchObject({ visitors: 2, searches: 102, shows: false });
    expect(heron?.refusal).toBe('too_few_visitors');
  });

  it('never trends a term whose search found nothing, however many people search it', async () => {
    await searchedByPeople('xqzzyv blorp', MIN_VISITORS + 2);
    expect(await giphyTrending()).not.toContain('xqzzyv blorp');
    expect((await review()).candidates.map((c) => c.term)).not.toContain('xqzzyv blorp');
  });

  it('trends a real term once enough distinct visitors searched it, wherever they see it', async () => {
    await searchedByPeople('Otter', MIN_VISITORS - 1);
    expect(await giphyTrending()).not.toContain('otter');
    // The last of them searches on the site's own search page.
    const page = await t.jiffy.app.inject({
      url: '/search/otter',
      headers: { accept: 'text/html' },
      remoteAddress: '198.51.100.250',
    });
    expect(page.statusCode).toBe(200);
    expect(await giphyTrending()).toContain('otter');
    expect(await tenorTrending()).toContain('otter');
    expect(await homeTrending()).toContain('otter');
    const otter = (await review()).candidates.find((c) => c.term === 'otter');
    expect(otter).toMatchObject({ visitors: MIN_VISITORS, shows: true, refusal: null });
  });

  it('counts a signed-in user once, from however many addresses', async () => {
    for (const remoteAddress of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      const cookie = [...users.ann!.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await t.jiffy.app.inject({
        url: `/v1/gifs/search?q=newt&api_key=${t.apiKey}`,
        headers: { cookie },
        remoteAddress,
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await review()).candidates.find((c) => c.term === 'newt')?.visitors).toBe(1);
  });

  it('stores who searched only as a keyed hash, never an address or a user id', async () => {
    const rows = await sql<{ visitor: string }>`SELECT visitor FROM search_term_visitors`.execute(
      t.jiffy.database.db,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const { visitor: stored } of rows.rows) {
      expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(stored).not.toMatch(/198\.51|203\.0|2001|idann/);
    }
  });

  it('hides a term everywhere within a second, for good, and shows it again', async () => {
    expect(await homeTrending()).toContain('otter');
    const hidden = await users.mod!.post(`${BASE}/hide`, { term: '  OTTER ' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ data: { term: 'otter', hidden: true, changed: true } });
    expect(await withinASecond(giphyTrending, (terms) => !terms.includes('otter'))).not.toContain(
      'otter',
    );
    expect(await withinASecond(tenorTrending, (terms) => !terms.includes('otter'))).not.toContain(
      'otter',
    );
    expect(await homeTrending()).not.toContain('otter');
    expect(await autocomplete('ott')).toEqual([]);
    // More people searching it does not bring it back.
    await searchedByPeople('otter');
    expect(await giphyTrending()).not.toContain('otter');
    const after = await review();
    expect(after.candidates.find((c) => c.term === 'otter')).toMatchObject({
      shows: false,
      refusal: 'hidden',
    });
    expect(after.hidden.map((h) => [h.term, h.hidden_by?.username])).toEqual([['otter', 'mod']]);
    // Hiding it again changes nothing.
    expect((await users.adm!.post(`${BASE}/hide`, { term: 'otter' })).json()).toEqual({
      data: { term: 'otter', hidden: true, changed: false },
    });

    expect((await users.adm!.post(`${BASE}/unhide`, { term: 'otter' })).statusCode).toBe(200);
    expect(await giphyTrending()).toContain('otter');
    expect(await autocomplete('ott')).toEqual(['otter']);
  });

  it('never trends or suggests a term holding a blocked word or phrase', async () => {
    const stored = await put(users.mod!, `${BASE}/blocked-terms`, {
      terms: ['Rude', 'rude', ' lynx-stare '],
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ data: { blocked_terms: ['lynx stare', 'rude'] } });

    await searchedByPeople('rude badger');
    await searchedByPeople('badger');
    await searchedByPeople('lynx stare');
    await searchedByPeople('lynx');
    const terms = await giphyTrending();
    expect(terms).toEqual(expect.arrayContaining(['badger', 'lynx']));
    expect(terms).not.toContain('rude badger');
    expect(terms).not.toContain('lynx stare');
    expect(await tenorTrending()).not.toContain('rude badger');
    // Whole words only: `badger` is no `rude`, and `lynx` alone is no `lynx stare`.
    expect(await autocomplete('badg')).toEqual(['badger']);
    expect(await autocomplete('rud')).toEqual([]);
    const suggestions = await t.jiffy.app.inject(`/v2/search_suggestions?q=badger&key=${t.apiKey}`);
    expect(suggestions.json<{ results: string[] }>().results).not.toContain('rude badger');
    expect((await review()).candidates.find((c) => c.term === 'rude badger')).toMatchObject({
      shows: false,
      refusal: 'blocked',
    });
    expect((await review()).blocked_terms).toEqual(['lynx stare', 'rude']);

    expect((await put(users.mod!, `${BASE}/blocked-terms`, { terms: [] })).statusCode).toBe(200);
    expect(await giphyTrending()).toContain('rude badger');
  });

  it('tells caches to ask again every time', async () => {
    for (const url of [
      `/v1/trending/searches?api_key=${t.apiKey}`,
      `/v1/gifs/search/tags?q=ott&api_key=${t.apiKey}`,
      `/v2/trending_terms?key=${t.apiKey}`,
      `/v2/autocomplete?q=ott&key=${t.apiKey}`,
    ]) {
      const response = await t.jiffy.app.inject(url);
      expect(response.headers['cache-control'], url).toBe('public, no-cache');
      const again = await t.jiffy.app.inject({
        url,
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('writes every change to the audit log', async () => {
    const log = await users.adm!.get('/api/v3/moderation/audit-log?limit=100');
    const actions = log
      .json<{ data: { action: string; after: unknown; actor: { username: string } }[] }>()
      .data.filter((entry) => entry.action.startsWith('trending_search.'))
      .map((entry) => [entry.action, entry.actor.username, entry.after]);
    expect(actions).toEqual([
      ['trending_search.block_terms', 'mod', { blocked_terms: [] }],
      ['trending_search.block_terms', 'mod', { blocked_terms: ['lynx stare', 'rude'] }],
      ['trending_search.unhide', 'adm', { term: 'otter', hidden: false }],
      ['trending_search.hide', 'mod', { term: 'otter', hidden: true }],
    ]);
  });

  it('lets only moderators and admins review, hide and block', async () => {
    const calls: [string, (client: SiteClient) => Promise<LightMyRequestResponse>][] = [
      ['review', (client) => client.get(BASE)],
      ['hide', (client) => client.post(`${BASE}/hide`, { term: 'heron' })],
      ['unhide', (client) => client.post(`${BASE}/unhide`, { term: 'heron' })],
      ['block', (client) => put(client, `${BASE}/blocked-terms`, { terms: [] })],
    ];
    for (const [name, call] of calls) {
      expect(code(await call(visitor)), `${name}: anonymous`).toBe('not_signed_in');
      for (const who of ['ann', 'ben', 'cat'])
        expect(code(await call(users[who]!)), `${name}: ${who}`).toBe('forbidden');
      for (const who of ['mod', 'adm'])
        expect((await call(users[who]!)).statusCode, `${name}: ${who}`).toBe(200);
    }
    expect((await review(users.adm)).min_visitors).toBe(MIN_VISITORS);
  });

  it('refuses bad input with 400', async () => {
    const mod = users.mod!;
    const refused = [
      await mod.get(`${BASE}?limit=0`),
      await mod.get(`${BASE}?limit=201`),
      await mod.get(`${BASE}?offset=-1`),
      await mod.get(`${BASE}?sort=visitors`),
      await mod.post(`${BASE}/hide`, {}),
      await mod.post(`${BASE}/hide`, { term: '   ' }),
      await mod.post(`${BASE}/hide`, { term: 'x'.repeat(51) }),
      await mod.post(`${BASE}/hide`, { term: 7 }),
      await mod.post(`${BASE}/hide`, { term: 'heron', reason: 'spam' }),
      await mod.post(`${BASE}/unhide`, { terms: ['heron'] }),
      await put(mod, `${BASE}/blocked-terms`, {}),
      await put(mod, `${BASE}/blocked-terms`, { terms: 'rude' }),
      await put(mod, `${BASE}/blocked-terms`, { terms: ['!!!'] }),
      await put(mod, `${BASE}/blocked-terms`, { terms: ['x'.repeat(101)] }),
      await put(mod, `${BASE}/blocked-terms`, { terms: Array(1001).fill('a') }),
      await put(mod, `${BASE}/blocked-terms`, { terms: [], extra: true }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(400);
      expect(code(response)).toBe('invalid_request');
    }
    expect((await review()).blocked_terms).toEqual([]);
  });
});
