import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Related = { data: { name: string; score: number }[] };
type ErrorBody = { error: { code: string } };

describe('GET /ajax/tags/related/{gif|sticker}/{tag}/: the site’s related searches', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;

  beforeAll(async () => {
    t = await startTestJiffy({}, { startWorkers: false });
    ({ users, visitor } = await permissionMatrix(t));
    const { gifRepository: gifs } = t.jiffy.services;
    await insertGifRow(gifs, { id: 'catnap', tags: ['cat', 'sleepy', 'cute'], user_id: 'idann' });
    await insertGifRow(gifs, { id: 'catjump', tags: ['cat', 'jump', 'cute'], user_id: 'idben' });
    await insertGifRow(gifs, { id: 'catwild', tags: ['cat', 'wild'], rating: 'r' });
    await insertGifRow(gifs, { id: 'catsecret', tags: ['cat', 'secret'], visibility: 'unlisted' });
    await insertGifRow(gifs, { id: 'catgone', tags: ['cat', 'gone'], status: 'removed' });
    await insertGifRow(gifs, { id: 'catbusy', tags: ['cat', 'busy'], status: 'processing' });
    await insertGifRow(gifs, { id: 'catsticker', tags: ['cat', 'sticky'], type: 'sticker' });
  });
  afterAll(() => t.stop());

  const related = async (client: SiteClient, path: string) => {
    const response = await client.get(path);
    expect(response.statusCode, path).toBe(200);
    return response.json<Related>().data;
  };

  it('answers everyone alike: the tags that go with a tag on ready public GIFs, closest first', async () => {
    const expected = [
      { name: 'cute', score: 1 },
      { name: 'jump', score: 0.5 },
      { name: 'sleepy', score: 0.5 },
    ];
    for (const client of [visitor, ...Object.values(users)])
      expect(await related(client, '/ajax/tags/related/gif/cat/')).toEqual(expected);
    // The tag is matched whatever its case, and `limit` cuts the list.
    expect(await related(visitor, '/ajax/tags/related/gif/%20CAT%20/?limit=1')).toEqual([
      { name: 'cute', score: 1 },
    ]);
  });

  it('counts only the ratings asked for (pg-13 and below unless told), and one type', async () => {
    const withR = await related(visitor, '/ajax/tags/related/gif/cat/?rating=r');
    expect(withR.map((tag) => tag.name)).toEqual(['cute', 'jump', 'sleepy', 'wild']);
    expect(withR[0]).toEqual({ name: 'cute', score: 0.667 });
    expect(await related(visitor, '/ajax/tags/related/sticker/cat/')).toEqual([
      { name: 'sticky', score: 1 },
    ]);
    expect(await related(visitor, '/ajax/tags/related/gif/nothing-like-it/')).toEqual([]);
  });

  it('refuses bad input with a stable code, and no path of another shape answers', async () => {
    for (const path of [
      '/ajax/tags/related/video/cat/',
      `/ajax/tags/related/gif/${'x'.repeat(51)}/`,
      '/ajax/tags/related/gif/%20%20/',
      '/ajax/tags/related/gif/cat/?limit=0',
      '/ajax/tags/related/gif/cat/?limit=lots',
      '/ajax/tags/related/gif/cat/?rating=nc-17',
      '/ajax/tags/related/gif/%E0%A4%A/',
    ]) {
      const refused = await visitor.get(path);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json<ErrorBody>().error.code, path).toBe('invalid_request');
    }
    // The call is read-only: no other method is routed.
    expect((await users.adm!.post('/ajax/tags/related/gif/cat/', {})).statusCode).toBe(404);
  });
});
