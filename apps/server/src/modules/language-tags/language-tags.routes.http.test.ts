import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string } };
type TagsBody = { data: { gif_id: string; lang: string; tags: string[] } };
type SearchBody = { data: { id: string }[]; pagination: { total_count: number } };

describe('language tags', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;

  const search = async (q: string, lang: string) => {
    const url = `/v1/gifs/search?q=${encodeURIComponent(q)}&lang=${lang}&api_key=${t.apiKey}`;
    const body = (await t.jiffy.app.inject(url)).json<SearchBody>();
    return { ids: body.data.map((g) => g.id), total: body.pagination.total_count };
  };
  const add = (client: SiteClient, id: string, body: object, csrf?: string) =>
    client.request({ method: 'POST', url: `/ajax/gif/${id}/language-tags`, body, csrf });
  const remove = (client: SiteClient, id: string, query: string) =>
    client.request({ method: 'DELETE', url: `/ajax/gif/${id}/language-tags?${query}` });
  const tagsIn = async (id: string, lang: string) =>
    (await t.jiffy.services.languageTags.bulk(null, [id], lang)).rows.map((r) => r.tag);
  const code = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.code;

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, { id: 'party', title: 'Dog party', tags: ['dog'], user_id: 'idann' });
    await insertGifRow(gifs, { id: 'other', title: 'Dog nap', tags: ['dog'], user_id: 'idann' });
    await insertGifRow(gifs, { id: 'annbad', status: 'failed', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'gone', status: 'removed', title: 'Perros', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'catgif', title: 'Cat', tags: ['cat'], user_id: 'idcat' });
  });
  afterAll(() => t.stop());

  it('makes a GIF findable by its Spanish tags, stemmed as Spanish, at once after the POST', async () => {
    expect((await search('perro', 'es')).ids).toEqual([]); // kept for 30 s unless purged
    expect((await search('perro -gato', 'es')).ids).toEqual([]);

    const response = await add(users.ann!, 'party', { lang: 'es', tags: ['Perros', 'fiesta'] });
    expect(response.statusCode).toBe(200);
    expect(response.json<TagsBody>().data).toEqual({
      gif_id: 'party',
      lang: 'es',
      tags: ['fiesta', 'perros'],
    });

    // The ranked index (plain words) and full-text search (`-`) both stem "perro" as Spanish.
    expect(await search('perro', 'es')).toEqual({ ids: ['party'], total: 1 });
    expect((await search('perro -gato', 'es')).ids).toEqual(['party']);
    expect(await search('perros fiesta', 'es')).toEqual({ ids: ['party'], total: 1 });
    // Found once, by its Spanish stem, not also by the word as written.
    expect(await search('perros', 'es')).toEqual({ ids: ['party'], total: 1 });
    // A third language finds the tag as written, not stemmed.
    expect(await search('perros', 'fr')).toEqual({ ids: ['party'], total: 1 });
    expect((await search('perro', 'fr')).ids).toEqual([]);
    // Its own words still answer in its own language, once each.
    const dog = await search('dog', 'en');
    expect([dog.ids.toSorted(), dog.total]).toEqual([['other', 'party'], 2]);
  });

  it('removes one tag, and search forgets it at once', async () => {
    const response = await remove(users.ann!, 'party', 'lang=es&tag=perros');
    expect(response.statusCode).toBe(200);
    expect(response.json<TagsBody>().data.tags).toEqual(['fiesta']);
    expect((await search('perro', 'es')).ids).toEqual([]);
    expect((await search('fiesta', 'es')).ids).toEqual(['party']);
    const again = await remove(users.ann!, 'party', 'lang=es&tag=perros');
    expect([again.statusCode, code(again)]).toEqual([404, 'language_tag_not_found']);
  });

  it('lets the owner, moderators and admins add tags; refuses everyone else', async () => {
    const cases: [SiteClient, string, number, string?][] = [
      [visitor, 'catgif', 401, 'not_signed_in'],
      [users.ann!, 'catgif', 403, 'forbidden'],
      [users.ben!, 'party', 403, 'forbidden'],
      [users.ben!, 'annbad', 404, 'gif_not_found'], // not public: no more than a visitor learns
      [users.cat!, 'party', 403, 'forbidden'],
      [users.cat!, 'catgif', 200],
      [users.mod!, 'party', 200],
      [users.adm!, 'catgif', 200],
      [users.ann!, 'annbad', 200],
    ];
    for (const [client, id, status, errorCode] of cases) {
      const response = await add(client, id, { lang: 'fr', tags: 'chien' });
      expect([id, response.statusCode]).toEqual([id, status]);
      if (errorCode) expect(code(response)).toBe(errorCode);
    }
    expect(await tagsIn('party', 'fr')).toEqual(['chien']);
    expect(await tagsIn('catgif', 'fr')).toEqual(['chien']);
    const forbidden = await remove(users.ben!, 'party', 'lang=fr&tag=chien');
    expect(forbidden.statusCode).toBe(403);
    expect(await tagsIn('party', 'fr')).toEqual(['chien']);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = await tagsIn('party', 'es');
    const refusals: [string, object, number, string][] = [
      ['party', { lang: 'xx', tags: ['hola'] }, 400, 'unsupported_language'],
      ['party', { lang: 'e$', tags: ['hola'] }, 400, 'invalid_request'],
      ['party', { lang: 'es' }, 400, 'invalid_request'],
      ['party', { lang: 'es', tags: [] }, 400, 'invalid_request'],
      ['party', { lang: 'es', tags: ['x'.repeat(65)] }, 400, 'invalid_request'],
      [
        'party',
        { lang: 'es', tags: Array.from({ length: 31 }, (_, i) => `t${i}`) },
        400,
        'invalid_request',
      ],
      ['gone', { lang: 'es', tags: ['hola'] }, 404, 'gif_not_found'],
      ['nosuchgif', { lang: 'es', tags: ['hola'] }, 404, 'gif_not_found'],
      ['bad id!', { lang: 'es', tags: ['hola'] }, 400, 'invalid_request'],
    ];
    for (const [id, body, status, errorCode] of refusals) {
      for (const client of [users.ann!, users.mod!]) {
        const response = await add(client, encodeURIComponent(id), body);
        expect([id, response.statusCode, code(response)]).toEqual([id, status, errorCode]);
      }
    }
    const noCsrf = await add(users.ann!, 'party', { lang: 'es', tags: ['hola'] }, 'omit');
    expect(noCsrf.statusCode).toBe(403);
    expect(await tagsIn('party', 'es')).toEqual(before);

    // The cap counts what the GIF already has in that language.
    const many = Array.from({ length: 29 }, (_, i) => `t${i}`);
    expect((await add(users.ann!, 'other', { lang: 'de', tags: many })).statusCode).toBe(200);
    const past = await add(users.ann!, 'other', { lang: 'de', tags: ['a', 'b'] });
    expect([past.statusCode, code(past)]).toEqual([422, 'too_many_tags']);
    expect(await tagsIn('other', 'de')).toHaveLength(29);
    const removedGif = await remove(users.mod!, 'gone', 'lang=es&tag=hola');
    expect([removedGif.statusCode, code(removedGif)]).toEqual([404, 'gif_not_found']);
  });

  it('lists the languages search stems, by name: each takes language tags, and one it cannot stem is not listed', async () => {
    const response = await visitor.get('/ajax/languages');
    expect(response.statusCode).toBe(200);
    const languages = response.json<{ data: { code: string; name: string }[] }>().data;
    expect(languages).toEqual(
      expect.arrayContaining([
        { code: 'de', name: 'German' },
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Spanish' },
        { code: 'fr', name: 'French' },
      ]),
    );
    const names = languages.map((language) => language.name);
    expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b, 'en')));
    // The list is what the server accepts: every code on it stems, and one it cannot is absent.
    for (const { code: lang } of languages) {
      const read = await visitor.get(`/ajax/gif/bulk/language-tags?gif_ids=party&lang=${lang}`);
      expect([lang, read.statusCode]).toEqual([lang, 200]);
    }
    expect(languages.map((language) => language.code)).not.toContain('ja');
    const japanese = await visitor.get('/ajax/gif/bulk/language-tags?gif_ids=party&lang=ja');
    expect(code(japanese)).toBe('unsupported_language');
  });

  it('reads tags in bulk and every language of one GIF, showing hidden GIFs only to who may edit them', async () => {
    const bulk = (client: SiteClient, ids: string, lang = 'fr') =>
      client.get(`/ajax/gif/bulk/language-tags?gif_ids=${ids}&lang=${lang}`);
    const anonymous = await bulk(visitor, 'party,annbad,nosuchgif,gone,catgif');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json<{ data: unknown }>().data).toEqual([
      { gif_id: 'party', lang: 'fr', tags: ['chien'] },
      { gif_id: 'catgif', lang: 'fr', tags: ['chien'] },
    ]);
    const owner = await bulk(users.ann!, 'annbad,gone');
    expect(owner.json<{ data: unknown }>().data).toEqual([
      { gif_id: 'annbad', lang: 'fr', tags: ['chien'] },
    ]);
    expect(code(await bulk(visitor, 'party', 'xx'))).toBe('unsupported_language');
    const tooMany = Array.from({ length: 101 }, (_, i) => `g${i}`).join(',');
    expect((await bulk(visitor, tooMany)).statusCode).toBe(400);
    expect((await bulk(visitor, '')).statusCode).toBe(400);

    const translations = await visitor.get('/ajax/gif/party/tag-translations');
    expect(translations.json<{ data: unknown }>().data).toEqual({
      gif_id: 'party',
      lang: 'en',
      translations: { en: ['dog'], es: ['fiesta'], fr: ['chien'] },
    });
    expect((await visitor.get('/ajax/gif/annbad/tag-translations')).statusCode).toBe(404);
    expect((await users.ben!.get('/ajax/gif/annbad/tag-translations')).statusCode).toBe(404);
    expect((await users.ann!.get('/ajax/gif/annbad/tag-translations')).statusCode).toBe(200);
    expect((await users.mod!.get('/ajax/gif/gone/tag-translations')).statusCode).toBe(404);
    expect((await visitor.get('/ajax/gif/nosuchgif/tag-translations')).statusCode).toBe(404);
  });

  it('keeps the ranked postings and their counts what the GIFs and their language tags say', async () => {
    const db = t.jiffy.database.db;
    const differences = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (
        (SELECT gif_id, vocabulary, lexeme, doc_config, weight FROM search_postings
        EXCEPT ALL
        SELECT p.gif_id, p.vocabulary, p.lexeme, p.doc_config, p.weight
          FROM gifs g, LATERAL jiffy_gif_postings(g.id, g.type, g.rating, g.lang, g.search_vector,
            g.language_tags, g.status, 0) p)
        UNION ALL
        (SELECT p.gif_id, p.vocabulary, p.lexeme, p.doc_config, p.weight
          FROM gifs g, LATERAL jiffy_gif_postings(g.id, g.type, g.rating, g.lang, g.search_vector,
            g.language_tags, g.status, 0) p
        EXCEPT ALL
        SELECT gif_id, vocabulary, lexeme, doc_config, weight FROM search_postings)) d`.execute(db);
    expect(Number(differences.rows[0]!.n)).toBe(0);
    const wrongCounts = await sql<{ n: string }>`
      SELECT count(*) AS n FROM search_posting_counts c WHERE n <> (
        SELECT count(*) FROM search_postings p WHERE (p.vocabulary, p.lexeme, p.type, p.doc_config,
          p.rating_rank) = (c.vocabulary, c.lexeme, c.type, c.doc_config, c.rating_rank))`.execute(
      db,
    );
    expect(Number(wrongCounts.rows[0]!.n)).toBe(0);
    const party = await sql<{ doc_config: string }>`
      SELECT DISTINCT doc_config FROM search_postings WHERE gif_id = 'party'`.execute(db);
    expect(party.rows).toEqual([{ doc_config: 'english,french,spanish' }]);
  });

  it('goes with its GIF: a deleted GIF leaves no tags, postings or counts behind', async () => {
    const db = t.jiffy.database.db;
    expect(await tagsIn('other', 'de')).toHaveLength(29);
    const response = await users.ann!.request({ method: 'DELETE', url: '/api/v1/gifs/other' });
    expect(response.statusCode).toBe(204);
    const left = await sql<{ tags: number; postings: number; counts: number }>`
      SELECT (SELECT count(*) FROM gif_language_tags WHERE gif_id = 'other')::int AS tags,
        (SELECT count(*) FROM search_postings WHERE gif_id = 'other')::int AS postings,
        (SELECT count(*) FROM search_posting_counts WHERE vocabulary = 'german' AND n <> 0)::int AS counts`.execute(
      db,
    );
    expect(left.rows[0]).toEqual({ tags: 0, postings: 0, counts: 0 });
  });
});
