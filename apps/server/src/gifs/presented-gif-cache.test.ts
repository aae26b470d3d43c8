import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';
import { RESPONSE_ID_SLOT } from './gif.presenter.ts';

// Searches present each GIF once while its content stays the same (PresentedGifCache). What a
// search shows must still follow every change to a GIF, its renditions and its uploader.
describe('GIF objects presented once per content', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
    await t.jiffy.services.users.insert({ id: 'owner1', username: 'owner', display_name: 'Owner' });
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'kept1',
      title: 'Walrus one',
      user_id: 'owner1',
    });
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'kept2', title: 'Walrus two' });
  });
  afterAll(() => t.stop());

  // The way cached answers ask: with the response id slot, which is what the cache serves.
  const search = async () => {
    const page = await t.jiffy.services.publicGifs.search({
      type: 'gif',
      ratings: ['g', 'pg', 'pg-13'],
      responseId: RESPONSE_ID_SLOT,
      term: 'walrus',
      page: { limit: 10, offset: 0 },
      sort: 'relevant',
    });
    return new Map(page.gifs.map((gif) => [gif.id, gif]));
  };

  it('reuses an unchanged GIF, and shows a changed title, rendition or uploader at once', async () => {
    const first = await search();
    expect(first.get('kept1')).toMatchObject({
      title: 'Walrus one',
      user: { display_name: 'Owner' },
    });
    expect((await search()).get('kept1')).toBe(first.get('kept1'));

    await t.jiffy.database.db
      .updateTable('gifs')
      .set({ title: 'Walrus renamed' })
      .where('id', '=', 'kept1')
      .execute();
    await t.jiffy.services.users.updateProfile('owner1', { display_name: 'New Owner' });
    const second = await search();
    expect(second.get('kept1')).toMatchObject({
      title: 'Walrus renamed',
      user: { display_name: 'New Owner' },
    });
    // The other GIF did not change: the same object.
    expect(second.get('kept2')).toBe(first.get('kept2'));

    await t.jiffy.services.renditionRepository.upsertMany([
      {
        gif_id: 'kept2',
        name: 'original',
        format: 'gif',
        width: 320,
        height: 240,
        frames: 5,
        bytes: 4567,
        sha256: 'f'.repeat(64),
        storage_key: 'gifs/kept2/original.gif',
      },
    ]);
    expect((await search()).get('kept2')!.images.original).toMatchObject({
      width: '320',
      size: '4567',
    });
  });
});
