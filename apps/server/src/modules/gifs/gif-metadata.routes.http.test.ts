import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewGif } from '../../platform/db/schema.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string } };
type Listed = { data: ({ id: string } & Record<string, unknown>)[] };

describe('GIF metadata calls: tag counts, metadata, extended metadata, trending', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;

  const listed = async (client: SiteClient, url: string) => {
    const response = await client.get(url);
    expect(response.statusCode, url).toBe(200);
    return response.json<Listed>().data;
  };
  const extended = (client: SiteClient, ids: string) =>
    client.get(`/ajax/gifs/extended-metadata?gif_ids=${ids}`);

  beforeAll(async () => {
    // No workers: the settle sweep would fail the 'processing' rows these tests keep.
    t = await startTestJiffy({}, { startWorkers: false });
    ({ users, visitor } = await permissionMatrix(t));
    const { gifRepository: gifs, favorites, reports } = t.jiffy.services;
    await insertGifRow(gifs, {
      id: 'annone',
      title: 'Walrus',
      tags: ['walrus', 'ocean', 'solo'],
      user_id: 'idann',
      width: 120,
      height: 80,
      frames: 12,
      duration_ms: 1200,
      original_bytes: 34567,
      content_sha256: 'a'.repeat(64),
      phash: '0123456789abcdef',
      source_post_url: 'https://example.com/post',
    });
    await insertGifRow(gifs, { id: 'anntwo', tags: ['walrus'], user_id: 'idann' });
    await insertGifRow(gifs, { id: 'benone', tags: ['walrus', 'ocean'], user_id: 'idben' });
    await insertGifRow(gifs, { id: 'bensticker', type: 'sticker', user_id: 'idben' });
    await insertGifRow(gifs, {
      id: 'annbusy',
      status: 'processing',
      tags: ['walrus'],
      user_id: 'idann',
    });
    await insertGifRow(gifs, {
      id: 'catold',
      user_id: 'idcat',
      created_at: new Date('2020-01-01'),
    });
    await favorites.add('idben', 'annone');
    await favorites.add('idcat', 'annone');
    await reports.add({ gifId: 'annone', reason: 'spam', note: '', reporterUserId: 'idben' });
    // A moderator edits ann's GIF: its history names the moderator to staff only.
    const edited = await users.mod!.post('/ajax/gif/update', {
      gif_id: 'annone',
      key: 'rating',
      value: 'pg',
    });
    expect(edited.statusCode).toBe(200);
    // 100 newer GIFs push catold out of the trending top 100.
    const { db } = t.jiffy.database;
    const now = Date.now();
    const newer: NewGif[] = Array.from({ length: 100 }, (_, i) => ({
      id: `fresh${i}`,
      slug: `fresh${i}`,
      title: '',
      alt_text: '',
      type: 'gif',
      rating: 'g',
      status: 'ready',
      source_post_url: null,
      source_image_url: null,
      user_id: null,
      failure_code: null,
      failure_message: null,
      source_format: 'gif',
      width: 10,
      height: 10,
      frames: 1,
      duration_ms: 0,
      has_alpha: false,
      original_bytes: 1,
      original_key: null,
      content_sha256: null,
      phash: null,
      ready_at: null,
      trending_at: null,
      created_at: new Date(now - 60_000 - i * 1000),
    }));
    await db.insertInto('gifs').values(newer).execute();
    // Marked trending now, after every other GIF arrived: first in the list.
    await gifs.update('annone', { trending_at: new Date() });
  });
  afterAll(() => t.stop());

  it('counts, for each tag of a GIF, the ready GIFs that carry it', async () => {
    const response = await visitor.get('/ajax/gif/annone/tag-counts');
    expect(response.statusCode).toBe(200);
    // The processing GIF tagged walrus is not counted.
    expect(response.json()).toEqual({
      data: [
        { tag: 'walrus', count: 3 },
        { tag: 'ocean', count: 2 },
        { tag: 'solo', count: 1 },
      ],
    });
    for (const [url, status, code] of [
      ['/ajax/gif/annbusy/tag-counts', 404, 'gif_not_found'],
      ['/ajax/gif/nosuch/tag-counts', 404, 'gif_not_found'],
      ['/ajax/gif/bad.id/tag-counts', 400, 'invalid_request'],
    ] as const) {
      const refused = await visitor.get(url);
      expect(refused.statusCode, url).toBe(status);
      expect(refused.json<ErrorBody>().error.code).toBe(code);
    }
  });

  it('shows anyone the public metadata of ready GIFs, in the order asked', async () => {
    const data = await listed(visitor, '/ajax/gifs/metadata?gif_ids=benone,annbusy,nosuch,annone');
    expect(data.map((g) => g.id)).toEqual(['benone', 'annone']);
    expect(data[1]).toEqual({
      id: 'annone',
      title: 'Walrus',
      tags: ['walrus', 'ocean', 'solo'],
      alt_text: '',
      source_post_url: 'https://example.com/post',
      rating: 'pg',
      is_sticker: false,
      lang: 'en',
      visibility: 'public',
      type: 'gif',
      username: 'ann',
      width: 120,
      height: 80,
      created_at: data[1]!.created_at,
    });
    expect(Date.parse(String(data[1]!.created_at))).toBeGreaterThan(Date.now() - 600_000);
  });

  it('shows the owner and staff the full record; others get nothing of GIFs not theirs', async () => {
    const mine = await extended(users.ann!, 'annone,benone,annbusy');
    expect(mine.statusCode).toBe(200);
    const [one, busy, ...rest] = mine.json<Listed>().data;
    expect(rest).toEqual([]);
    expect(busy).toMatchObject({ id: 'annbusy', status: 'processing' });
    expect(one).toMatchObject({
      id: 'annone',
      status: 'ready',
      source: { format: 'gif', post_url: 'https://example.com/post', bytes: 34567 },
      width: 120,
      height: 80,
      frames: 12,
      duration_ms: 1200,
      sha256: 'a'.repeat(64),
      phash: '0123456789abcdef',
      counters: { views: 0, favorites: 2 },
      reports: { total: 1, open: 1 },
      moderation_history: [
        { action: 'gif.edit', before: { rating: 'g' }, after: { rating: 'pg' } },
      ],
    });
    // The owner sees what a moderator did, not who did it.
    const history = one!.moderation_history as Record<string, unknown>[];
    expect(history).toHaveLength(1);
    expect(history[0]).not.toHaveProperty('actor');

    for (const staff of [users.mod!, users.adm!]) {
      const record = (await extended(staff, 'benone,annone')).json<Listed>().data;
      expect(record.map((g) => g.id)).toEqual(['benone', 'annone']);
      expect(record[1]!.moderation_history).toMatchObject([{ actor: { username: 'mod' } }]);
    }
    expect((await extended(users.ben!, 'annone,annbusy')).json<Listed>().data).toEqual([]);
    expect(
      (await extended(users.cat!, 'annone,catold')).json<Listed>().data.map((g) => g.id),
    ).toEqual(['catold']);
    const anonymous = await extended(visitor, 'annone');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorBody>().error.code).toBe('not_signed_in');
  });

  it('tells whether each ready GIF is in its type’s trending top 100, and since when it was marked', async () => {
    const data = await listed(
      visitor,
      '/ajax/gifs/trending?gif_ids=annone,catold,bensticker,annbusy',
    );
    expect(data.map((g) => g.id)).toEqual(['annone', 'catold', 'bensticker']);
    expect(data[0]).toMatchObject({
      is_trending: true,
      rank: 1,
    });
    expect(Date.parse(String(data[0]!.trending_since))).toBeGreaterThan(Date.now() - 600_000);
    expect(data[1]).toMatchObject({ is_trending: false, rank: null, trending_since: null });
    // The only sticker leads the sticker list.
    expect(data[2]).toMatchObject({ is_trending: true, rank: 1 });
    // The public trending list agrees.
    const list = await t.jiffy.app.inject(`/v1/gifs/trending?limit=1&api_key=${t.apiKey}`);
    expect(list.json<Listed>().data.map((g) => g.id)).toEqual(['annone']);
  });

  it('shows the owner a taken-down GIF with its takedown, and nobody else anything of it', async () => {
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'annlate', user_id: 'idann' });
    const taken = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: 'annlate',
      reason: 'spam',
      note: 'junk',
    });
    expect(taken.statusCode).toBe(200);
    const [record] = (await extended(users.ann!, 'annlate')).json<Listed>().data;
    expect(record).toMatchObject({
      id: 'annlate',
      status: 'removed',
      moderation_history: [
        { action: 'gif.takedown', after: { status: 'removed', reason: 'spam', note: 'junk' } },
      ],
    });
    expect(await listed(visitor, '/ajax/gifs/metadata?gif_ids=annlate')).toEqual([]);
    expect(await listed(visitor, '/ajax/gifs/trending?gif_ids=annlate')).toEqual([]);
    expect((await extended(users.ben!, 'annlate')).json<Listed>().data).toEqual([]);
    expect((await visitor.get('/ajax/gif/annlate/tag-counts')).statusCode).toBe(404);
  });

  it('refuses a bad or oversized gif_ids list with a 400 on every list call', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `fresh${i}`).join(',');
    for (const path of ['metadata', 'extended-metadata', 'trending']) {
      for (const query of [
        `gif_ids=${ids(51)}`,
        'gif_ids=',
        '',
        'gif_ids=ok,bad.id',
        `gif_ids=${'x'.repeat(4000)}`,
      ]) {
        const response = await users.adm!.get(`/ajax/gifs/${path}?${query}`);
        expect(response.statusCode, `${path}?${query.slice(0, 30)}`).toBe(400);
        expect(response.json<ErrorBody>().error.code).toBe('invalid_request');
      }
      // Fifty is allowed.
      expect((await users.adm!.get(`/ajax/gifs/${path}?gif_ids=${ids(50)}`)).statusCode).toBe(200);
    }
  });
});
