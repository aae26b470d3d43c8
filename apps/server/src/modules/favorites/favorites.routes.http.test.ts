import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('/api/v1/favorites', () => {
  let t: TestJiffy;
  let ann: SiteClient;
  let ben: SiteClient;

  beforeAll(async () => {
    t = await startTestJiffy();
    const { gifRepository } = t.jiffy.services;
    ({ ann, ben } = (await signedInUsers(t, [
      ['ann', 'user'],
      ['ben', 'user'],
    ])) as { ann: SiteClient; ben: SiteClient });
    await insertGifRow(gifRepository, { id: 'fav1', title: 'One' });
    await insertGifRow(gifRepository, { id: 'fav2', title: 'Two' });
    await insertGifRow(gifRepository, { id: 'gone', title: 'Gone', status: 'removed' });
  });
  afterAll(() => t.stop());

  const list = async (client: SiteClient) =>
    (await client.get('/api/v1/favorites')).json<{
      data: { id: string }[];
      pagination: { total_count: number };
    }>();

  it('adds, lists (newest first) and removes favorites, keeping the GIF’s count', async () => {
    expect((await ann.post('/api/v1/favorites', { gif_id: 'fav1' })).statusCode).toBe(201);
    expect((await ann.post('/api/v1/favorites', { gif_id: 'fav2' })).statusCode).toBe(201);
    expect((await ann.post('/api/v1/favorites', { gif_id: 'fav2' })).statusCode).toBe(200);
    expect((await ben.post('/api/v1/favorites', { gif_id: 'fav2' })).statusCode).toBe(201);
    const listed = await list(ann);
    expect(listed.data.map((g) => g.id)).toEqual(['fav2', 'fav1']);
    expect(listed.pagination.total_count).toBe(2);
    expect((await t.jiffy.services.gifRepository.findById('fav2'))?.favorite_count).toBe(2);

    expect(
      (await ann.request({ method: 'DELETE', url: '/api/v1/favorites/fav2' })).statusCode,
    ).toBe(200);
    expect((await list(ann)).data.map((g) => g.id)).toEqual(['fav1']);
    expect((await list(ben)).data.map((g) => g.id)).toEqual(['fav2']);
    // Each asks about one GIF for itself: what the Favorite button shows when a page opens.
    const isFavorite = async (client: SiteClient, id: string) =>
      (await client.get(`/api/v1/favorites/${id}`)).json<{ data: { favorite: boolean } }>().data
        .favorite;
    expect(await isFavorite(ann, 'fav1')).toBe(true);
    expect(await isFavorite(ann, 'fav2')).toBe(false);
    expect(await isFavorite(ben, 'fav2')).toBe(true);
    expect((await t.jiffy.services.gifRepository.findById('fav2'))?.favorite_count).toBe(1);
  });

  it('refuses unknown or removed GIFs, anonymous callers and missing CSRF', async () => {
    for (const gif_id of ['nope', 'gone']) {
      const response = await ann.post('/api/v1/favorites', { gif_id });
      expect(response.statusCode).toBe(404);
    }
    expect((await ann.post('/api/v1/favorites', { gif_id: '../x' })).statusCode).toBe(400);
    const anonymous = new SiteClient(t.jiffy.app);
    await anonymous.get('/login/check');
    expect((await anonymous.post('/api/v1/favorites', { gif_id: 'fav1' })).statusCode).toBe(401);
    expect((await anonymous.get('/api/v1/favorites')).statusCode).toBe(401);
    expect((await anonymous.get('/api/v1/favorites/fav1')).statusCode).toBe(401);
    expect((await ben.post('/api/v1/favorites', { gif_id: 'fav1' }, 'omit')).statusCode).toBe(403);
    expect((await list(ben)).data.map((g) => g.id)).toEqual(['fav2']);
  });
});
