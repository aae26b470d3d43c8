import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewGif } from '../../platform/db/schema.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { GifListRepository, type RowPage } from './gif-list.repository.ts';

// The ranked index (migration 0014) against what a search must show: every matching ready GIF
// once, best first, with the right total, after every kind of change to the GIFs.
describe('ranked search index', () => {
  let t: TestJiffy;
  let lists: GifListRepository;
  const db = () => t.jiffy.database.db;
  const gif = (id: string, row: Partial<NewGif>) =>
    insertGifRow(t.jiffy.services.gifRepository, { id, ...row });

  beforeAll(async () => {
    t = await startTestJiffy();
    lists = new GifListRepository(db());
    // 24 cats: titles (weight 1.0) and tags (0.4), with views spreading them out.
    for (let i = 0; i < 24; i++)
      await gif(`cat${i}`, {
        title: i % 3 === 0 ? 'Cat nap' : 'Nap time',
        tags: i % 3 === 0 ? [] : ['cat'],
        view_count: (i * 37) % 100,
      });
    await gif('dogcat', { title: 'Happy dog', tags: ['cat'], view_count: 5 });
    await gif('happydog', { title: 'Happy dog', tags: ['park'], view_count: 50 });
    await gif('sadcat', { title: 'Sad cat', tags: ['rain'], rating: 'r' });
    await gif('catsticker', { title: 'Cat', type: 'sticker' });
    await gif('catfailed', { title: 'Cat', status: 'failed' });
    await gif('gato', { title: 'Gato bailando', tags: ['gatos'], lang: 'es' });
    await gif('theone', { title: 'The Who', tags: [] });
    await gif('beach', { title: 'Sunny beach walk', tags: ['summer'] });
    await gif('beachnight', { title: 'Beach walk', tags: ['night'] });
    // Owls of every rating, the r-rated ones scored highest (read apart per rating: 0034).
    for (let i = 0; i < 16; i++)
      await gif(`owl${i}`, {
        title: 'Owl',
        rating: (['r', 'g', 'pg', 'pg-13'] as const)[i % 4],
        view_count: i % 4 === 0 ? 1000 : (i * 53) % 90,
      });
  });
  afterAll(() => t.stop());

  const search = (
    words: string,
    page = { limit: 50, offset: 0 },
    match: 'all' | 'any' = 'all',
    lang = 'en',
  ): Promise<RowPage> =>
    lists.search({
      words,
      lang,
      match,
      filter: { type: 'gif', ratings: ['g', 'pg', 'pg-13'] },
      page,
      sort: 'relevant',
    });
  const ids = async (words: string, match: 'all' | 'any' = 'all', lang = 'en') =>
    (await search(words, undefined, match, lang)).rows.map((r) => r.id);

  /** The expected order: best weight x ln(3 + views), ties by id (bytewise). */
  const expectedCats = () => {
    const cats = Array.from({ length: 24 }, (_, i) => ({
      id: `cat${i}`,
      score: Math.fround((i % 3 === 0 ? 1 : 0.4) * Math.fround(Math.log(3 + ((i * 37) % 100)))),
    }));
    cats.push({ id: 'dogcat', score: Math.fround(0.4 * Math.fround(Math.log(3 + 5))) });
    return cats.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).map((c) => c.id);
  };

  it('pages through every match once, best first, with the total on every page', async () => {
    const pages = await Promise.all(
      [0, 10, 20].map((offset) => search('cat', { limit: 10, offset })),
    );
    expect(pages.map((p) => p.total)).toEqual([25, 25, 25]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expectedCats());
    // Past the end: no GIFs, and a total that says the search does match.
    expect(await search('cat', { limit: 10, offset: 30 })).toMatchObject({ rows: [], total: 25 });
    // Not the sticker, the failed upload or the r-rated GIF.
    expect(await ids('cat')).not.toContain('catsticker');
    expect(await ids('cat')).not.toContain('sadcat');
  });

  it('reads each next page from where the page before ended, skipping none when GIFs go', async () => {
    const pages: string[] = [];
    for (const offset of [0, 5, 10, 15, 20, 25])
      pages.push(...(await search('cat', { limit: 5, offset })).rows.map((r) => r.id));
    expect(pages).toEqual(expectedCats());
    // The first GIF of the first page goes: with offsets alone, the second page would start one
    // further on and the client would never see the GIF that moved up onto the first page.
    const [gone, ...kept] = (await search('cat', { limit: 5, offset: 0 })).rows.map((r) => r.id);
    await db().updateTable('gifs').set({ status: 'removed' }).where('id', '=', gone!).execute();
    try {
      const next = await search('cat', { limit: 5, offset: 5 });
      expect([...kept, ...next.rows.map((r) => r.id)]).toEqual(expectedCats().slice(1, 10));
      expect(next.total).toBe(24);
      // Asked at an offset no page ended at, it is the offset's page.
      const jumped = await search('cat', { limit: 5, offset: 7 });
      expect(jumped.rows.map((r) => r.id)).toEqual(expectedCats().slice(8, 13));
    } finally {
      await db().updateTable('gifs').set({ status: 'ready' }).where('id', '=', gone!).execute();
    }
  });

  it('merges the ratings a search allows in score order, page by page, without the others', async () => {
    const expected = Array.from({ length: 16 }, (_, i) => ({
      id: `owl${i}`,
      score: Math.fround(Math.log(3 + ((i * 53) % 90))),
    }))
      .filter((_, i) => i % 4 !== 0)
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      .map((o) => o.id);
    const pages: RowPage[] = [];
    for (const offset of [0, 4, 8, 12]) pages.push(await search('owl', { limit: 4, offset }));
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected);
    expect(pages.map((p) => p.total)).toEqual([12, 12, 12, 12]);
    // Asked at an offset no page ended at: the same order.
    const jumped = await search('owl', { limit: 5, offset: 3 });
    expect(jumped.rows.map((r) => r.id)).toEqual(expected.slice(3, 8));
  });

  it('finds two words together from pair postings, and either word when asked', async () => {
    expect(await ids('happy dog')).toEqual(['happydog', 'dogcat']);
    expect(await ids('cat happy')).toEqual(['dogcat']);
    expect(await ids('dogs happiness')).toEqual(['happydog', 'dogcat']);
    // No GIF has both words: either word's GIFs, in the same answer, with their total.
    const happyOrNap = await search('happy nap');
    expect(happyOrNap.total).toBe(26);
    const found = happyOrNap.rows.map((r) => r.id);
    expect([...found].sort()).toEqual(
      [...Array.from({ length: 24 }, (_, i) => `cat${i}`), 'dogcat', 'happydog'].sort(),
    );
    expect(found.indexOf('happydog')).toBeLessThan(found.indexOf('dogcat'));
    expect(await search('happy nap', { limit: 10, offset: 30 })).toMatchObject({
      rows: [],
      total: 26,
    });
    const either = await search('park rain', undefined, 'any');
    expect(either.rows.map((r) => r.id)).toEqual(['happydog']);
    expect(either.total).toBe(1);
    expect(await ids('happy dog cat')).toEqual(['dogcat']);
    expect(await ids('happy dog happy dogs')).toEqual(['happydog', 'dogcat']);
    // Four words: two pairs joined.
    expect(await ids('summer walk beach sunny')).toEqual(['beach']);
    expect(await ids('beach walk night summer')).toEqual([]);
    expect(await ids('walk beach')).toEqual(['beach', 'beachnight']);
  });

  it('matches other languages by the word as written, and stop words alone as written', async () => {
    expect(await ids('gato')).toEqual(['gato']);
    expect(await ids('bailar', 'all', 'es')).toEqual(['gato']);
    expect(await ids('bailar')).toEqual([]);
    expect(await ids('the')).toEqual(['theone']);
    expect(await ids('the cat')).toEqual(expectedCats());
  });

  it('finds a new GIF in another language by a word earlier searches found in none', async () => {
    // Such postings are only read once known (RankedSearchRepository.search); the counts tell.
    expect(await ids('perro')).toEqual([]);
    expect(await ids('perro feliz')).toEqual([]);
    await gif('perro', { title: 'Perro feliz', tags: ['perros'], lang: 'es' });
    expect(await ids('perro')).toEqual(['perro']);
    expect(await ids('perro feliz')).toEqual(['perro']);
    expect(await ids('feliz perro perros')).toEqual(['perro']);
    await db().deleteFrom('gifs').where('id', '=', 'perro').execute();
  });

  it('follows every change to a GIF: words, status, rating, type, engagement, deletion', async () => {
    const gifs = db().updateTable('gifs');
    await gifs.set({ title: 'Cat party' }).where('id', '=', 'happydog').execute();
    expect(await ids('party cat')).toEqual(['happydog']);
    await gifs.set({ status: 'removed' }).where('id', '=', 'cat0').execute();
    await gifs.set({ rating: 'r' }).where('id', '=', 'cat1').execute();
    await gifs.set({ type: 'sticker' }).where('id', '=', 'cat2').execute();
    await db().deleteFrom('gifs').where('id', '=', 'cat3').execute();
    const left = await ids('cat');
    expect(left).not.toEqual(expect.arrayContaining(['cat0']));
    for (const gone of ['cat0', 'cat1', 'cat2', 'cat3']) expect(left).not.toContain(gone);
    expect((await search('cat')).total).toBe(25 - 4 + 1);
    // A million views lift a tag match above every title match.
    await gifs.set({ view_count: 1_000_000 }).where('id', '=', 'cat4').execute();
    expect((await ids('cat'))[0]).toBe('cat4');
    await gifs.set({ status: 'ready' }).where('id', '=', 'cat0').execute();
    expect(await ids('cat')).toContain('cat0');
  });

  it('keeps the postings and their counts exactly what the GIFs say, after all of that', async () => {
    // Rebuilt from scratch, the postings and counts are the ones the triggers kept.
    const kept = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (
        (SELECT gif_id, vocabulary, lexeme, type, rating_rank, doc_config, weight, score
          FROM search_postings
        EXCEPT ALL
        SELECT p.gif_id, p.vocabulary, p.lexeme, p.type, p.rating_rank, p.doc_config, p.weight, p.score
          FROM gifs g, LATERAL jiffy_gif_postings(g.id, g.type, g.rating, g.lang, g.search_vector,
            g.language_tags, g.status, jiffy_engagement_boost(g.view_count, g.click_count, g.share_count, g.favorite_count)) p)
        UNION ALL
        (SELECT p.gif_id, p.vocabulary, p.lexeme, p.type, p.rating_rank, p.doc_config, p.weight, p.score
          FROM gifs g, LATERAL jiffy_gif_postings(g.id, g.type, g.rating, g.lang, g.search_vector,
            g.language_tags, g.status, jiffy_engagement_boost(g.view_count, g.click_count, g.share_count, g.favorite_count)) p
        EXCEPT ALL
        SELECT gif_id, vocabulary, lexeme, type, rating_rank, doc_config, weight, score
          FROM search_postings)) differences`.execute(db());
    expect(Number(kept.rows[0]!.n)).toBe(0);
    const counts = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (
        SELECT vocabulary, lexeme, type, doc_config, rating_rank, count(*)::integer AS n
        FROM search_postings GROUP BY 1, 2, 3, 4, 5
        EXCEPT
        SELECT vocabulary, lexeme, type, doc_config, rating_rank, n FROM search_posting_counts
        WHERE n <> 0) missing`.execute(db());
    expect(Number(counts.rows[0]!.n)).toBe(0);
    const extra = await sql<{ n: string }>`
      SELECT count(*) AS n FROM search_posting_counts c WHERE n <> (
        SELECT count(*) FROM search_postings p WHERE (p.vocabulary, p.lexeme, p.type, p.doc_config,
          p.rating_rank) = (c.vocabulary, c.lexeme, c.type, c.doc_config, c.rating_rank))`.execute(
      db(),
    );
    expect(Number(extra.rows[0]!.n)).toBe(0);
  });
});
