import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Suggestions = { data: { similar: string[]; popular: string[] } };
type ErrorBody = { error: { code: string } };

describe('GET /ajax/search-suggestions/{gif|sticker}/{term}/: what a search that found nothing offers', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;

  beforeAll(async () => {
    t = await startTestJiffy({}, { startWorkers: false });
    ({ users, visitor } = await permissionMatrix(t));
    const { gifRepository: gifs } = t.jiffy.services;
    await insertGifRow(gifs, { id: 'robot1', tags: ['robot', 'fun'] });
    await insertGifRow(gifs, { id: 'robot2', tags: ['robot', 'fun'] });
    await insertGifRow(gifs, { id: 'robin1', tags: ['robin', 'fun'] });
    await insertGifRow(gifs, { id: 'cat1', tags: ['cat'] });
    // Never suggested at the site's rating, nor when nobody may see them, nor for GIFs.
    await insertGifRow(gifs, { id: 'rated', tags: ['robt'], rating: 'r' });
    await insertGifRow(gifs, { id: 'unlisted', tags: ['robtt'], visibility: 'unlisted' });
    await insertGifRow(gifs, { id: 'removed', tags: ['robtx'], status: 'removed' });
    await insertGifRow(gifs, { id: 'sticker1', tags: ['robot', 'heart'], type: 'sticker' });
    await insertGifRow(gifs, { id: 'sticker2', tags: ['heart'], type: 'sticker' });
  });
  afterAll(() => t.stop());

  const suggested = async (client: SiteClient, path: string) => {
    const response = await client.get(path);
    expect(response.statusCode, path).toBe(200);
    return response.json<Suggestions>().data;
  };

  it('answers everyone alike: tags spelled like the term, then the most used tags, of ready public GIFs', async () => {
    for (const client of [visitor, ...Object.values(users)])
      expect(await suggested(client, '/ajax/search-suggestions/gif/robto/')).toEqual({
        // As alike as each other: the more used first.
        similar: ['robot', 'robin'],
        // Neither the term nor a near spelling twice.
        popular: ['fun', 'cat'],
      });
    // The term is read as a search is, whatever its case and spaces.
    expect(await suggested(visitor, '/ajax/search-suggestions/gif/%20ROBTO%20/')).toEqual(
      await suggested(visitor, '/ajax/search-suggestions/gif/robto/'),
    );
    // Nothing like it: only what is popular.
    expect(await suggested(visitor, '/ajax/search-suggestions/gif/zzzz/')).toEqual({
      similar: [],
      popular: ['fun', 'robot', 'cat', 'robin'],
    });
  });

  it('suggests only what finds something of the type and ratings asked for', async () => {
    expect(await suggested(visitor, '/ajax/search-suggestions/sticker/robto/')).toEqual({
      similar: ['robot'],
      popular: ['heart'],
    });
    // An r-rated GIF's tag when r is asked for; never an unlisted or removed one's.
    expect(await suggested(visitor, '/ajax/search-suggestions/gif/robto/?rating=r')).toEqual({
      similar: ['robt', 'robot', 'robin'],
      popular: ['fun', 'cat'],
    });
  });

  it('leaves out the terms moderators hide', async () => {
    expect(
      (await users.mod!.post('/api/v4/moderation/trending-searches/hide', { term: 'robin' }))
        .statusCode,
    ).toBe(200);
    expect(await suggested(visitor, '/ajax/search-suggestions/gif/robto/')).toEqual({
      similar: ['robot'],
      popular: ['fun', 'cat'],
    });
    expect(
      (await users.mod!.post('/api/v4/moderation/trending-searches/unhide', { term: 'robin' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses bad input with a stable code, and no other method answers', async () => {
    for (const path of [
      '/ajax/search-suggestions/video/cat/',
      `/ajax/search-suggestions/gif/${'x'.repeat(51)}/`,
      '/ajax/search-suggestions/gif/%20%20/',
      '/ajax/search-suggestions/gif/cat/?rating=nc-17',
      '/ajax/search-suggestions/gif/%E0%A4%A/',
    ]) {
      const refused = await visitor.get(path);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json<ErrorBody>().error.code, path).toBe('invalid_request');
    }
    expect((await users.adm!.post('/ajax/search-suggestions/gif/cat/', {})).statusCode).toBe(404);
  });
});
