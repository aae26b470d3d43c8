import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewGif } from '../../platform/db/schema.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { GifListRepository } from './gif-list.repository.ts';

// Full-text search with known answers, straight against the query (the API adds a typo
// fallback on top, which would blur what stemming alone finds).
const corpus: [string, Partial<NewGif>][] = [
  ['gatobaila', { title: 'Gato bailando', tags: ['gatos', 'baile'], lang: 'es' }],
  ['katzetanzt', { title: 'Die Katze tanzt', tags: ['tiere'], lang: 'de' }],
  ['runningdog', { title: 'Running Dog', tags: ['dog'] }],
  ['dogtagged', { title: 'Morning walk', tags: ['dog', 'park'] }],
  ['dogpopular', { title: 'Dog', tags: [], view_count: 5000 }],
  ['owneddance', { title: 'Little jump', tags: ['hop'], user_id: 'u-hopper' }],
  ['hiddenowned', { title: 'Small jump', tags: ['hop'], user_id: 'u-hidden' }],
];

describe('full-text search', () => {
  let t: TestJiffy;
  let lists: GifListRepository;
  beforeAll(async () => {
    t = await startTestJiffy();
    lists = new GifListRepository(t.jiffy.database.db);
    await t.jiffy.services.users.insert({ id: 'u-hopper', username: 'hopper', display_name: 'H' });
    await t.jiffy.services.users.insert({
      id: 'u-hidden',
      username: 'Hidden',
      display_name: 'H',
      is_public: false,
    });
    for (const [id, row] of corpus)
      await insertGifRow(t.jiffy.services.gifRepository, { id, ...row });
  });
  afterAll(() => t.stop());

  const search = async (words: string, lang = 'en') => {
    const { rows } = await lists.search({
      words,
      lang,
      filter: { type: 'gif', ratings: ['g', 'pg', 'pg-13'] },
      page: { limit: 10, offset: 0 },
      sort: 'relevant',
    });
    return rows.map((r) => r.id);
  };

  it('stems the query in the language asked for, and each GIF in its own', async () => {
    // bailar / bailando and Katzen / Katze share a stem only in Spanish and German.
    expect(await search('bailar', 'es')).toEqual(['gatobaila']);
    expect(await search('bailar')).toEqual([]);
    expect(await search('Katzen', 'de')).toEqual(['katzetanzt']);
    expect(await search('Katzen')).toEqual([]);
    expect(await search('runs')).toEqual(['runningdog']);
  });

  it('finds words as written whatever the language, and unknown codes search unstemmed', async () => {
    expect(await search('gato')).toEqual(['gatobaila']);
    expect(await search('gato', 'ja')).toEqual(['gatobaila']);
    expect(await search('bailando', 'xx-nope')).toEqual(['gatobaila']);
  });

  it('ranks a title match over a tag match, and engagement lifts a match', async () => {
    expect(await search('dog')).toEqual(['dogpopular', 'runningdog', 'dogtagged']);
  });

  it('finds a public channel’s GIFs by its name, in any case', async () => {
    expect(await search('hopper')).toEqual(['owneddance']);
    expect(await search('HOPPER')).toEqual(['owneddance']);
    expect(await search('hidden')).toEqual([]);
  });
});
