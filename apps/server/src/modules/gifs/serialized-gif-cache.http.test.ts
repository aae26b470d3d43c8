import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import type { Gif } from '@jiffy/contracts';
import { analyticsPayload, RESPONSE_ID_SLOT } from './gif.presenter.ts';
import { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import { SerializedGifCache } from './serialized-gif-cache.ts';

// Cached searches serialize each GIF once while its content stays the same (SerializedGifCache).
// What a search shows must still follow every change to a GIF, its renditions and its uploader.
describe('GIF objects serialized once per content', () => {
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

  // The way cached answers ask: serialized with the response id slot.
  const search = async () => {
    const page = await t.jiffy.services.publicGifs.searchRows({
      type: 'gif',
      ratings: ['g', 'pg', 'pg-13'],
      term: 'walrus',
      page: { limit: 10, offset: 0 },
      sort: 'relevant',
    });
    const serialized = await t.jiffy.services.gifReads.serializeRows(page.rows);
    return new Map(
      serialized.map((json) => {
        const gif = JSON.parse(json.bytes.toString()) as Gif;
        expect(gif.analytics_response_payload).toBe(analyticsPayload(gif.id, RESPONSE_ID_SLOT));
        return [gif.id, Object.assign(gif, { json })];
      }),
    );
  };

  it('reuses an unchanged GIF, and shows a changed title, rendition or uploader at once', async () => {
    const first = await search();
    expect(first.get('kept1')).toMatchObject({
      title: 'Walrus one',
      user: { display_name: 'Owner' },
    });
    expect((await search()).get('kept1')!.json).toBe(first.get('kept1')!.json);

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
    // The other GIF did not change: the same bytes, not serialized again.
    expect(second.get('kept2')!.json).toBe(first.get('kept2')!.json);

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

describe('SerializedGifCache bounded by bytes', () => {
  const gif = (id: string) => ({ id, title: 'x'.repeat(400) }) as unknown as Gif;

  it('keeps GIFs until their bytes pass the bound, then lets the least recently used go', () => {
    const cache = new SerializedGifCache({ maxBytes: 4000, caches: new CacheRegistry() });
    let presented = 0;
    const get = (id: string) =>
      cache.get(id, `content of ${id}`.padEnd(500, '.'), () => (presented++, gif(id)));
    get('a');
    get('b');
    expect(presented).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(4000);
    get('a'); // a used again: b is now the least recently used
    expect(presented).toBe(2);
    get('c'); // ~1.4 kB each: c pushes out b, not a
    expect(cache.bytes).toBeLessThanOrEqual(4000);
    get('a');
    expect(presented).toBe(3);
    get('b');
    expect(presented).toBe(4);
  });

  it('keeps no GIF larger than the bound, and counts a replaced one once', () => {
    const caches = new CacheRegistry();
    const cache = new SerializedGifCache({ maxBytes: 1000, caches });
    let presented = 0;
    cache.get('big', 'x'.repeat(1000), () => (presented++, gif('big')));
    cache.get('big', 'x'.repeat(1000), () => (presented++, gif('big')));
    expect(presented).toBe(2);
    expect(cache.bytes).toBe(0);
    cache.get('small', 'content', () => ({ id: 'small' }) as unknown as Gif);
    const after = cache.bytes;
    expect(after).toBeGreaterThan(0);
    cache.get('small', 'changed content', () => ({ id: 'small' }) as unknown as Gif);
    expect(cache.bytes).toBe(after + 2 * ('changed content'.length - 'content'.length));
    expect(caches.get('gif_json')!.stats()).toMatchObject({ hits: 0, misses: 4, entries: 1 });
    cache.forget('small');
    expect(cache.bytes).toBe(0);
  });
});
