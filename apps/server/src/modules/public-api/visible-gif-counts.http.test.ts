import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GifType, Rating } from '../../platform/db/schema.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { GifListRepository } from './gif-list.repository.ts';

type ListBody = { pagination: { total_count: number } };

// Trending's total comes from the counts migration 0035's triggers keep, by type and rating,
// instead of a count of the GIFs (a 6.7 s scan at a million rows). What is asserted: the API's
// total follows every way a GIF comes into the lists or leaves them, the kept counts always
// equal a count of the GIFs, and the total is read off them, not counted.
describe('trending totals from the kept visible-GIF counts', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let asked = 0;

  /** Trending's total_count; each call is a new question, so no kept answer is reused. */
  const total = async (type: 'gifs' | 'stickers' = 'gifs', rating = 'pg-13') => {
    asked += 1;
    const url = `/v1/${type}/trending?api_key=${t.apiKey}&rating=${rating}&limit=${asked}`;
    const response = await t.jiffy.app.inject(url);
    expect(response.statusCode).toBe(200);
    return response.json<ListBody>().pagination.total_count;
  };
  /** Kept count rows that differ from a count of the ready, public GIFs (none when right). */
  const drift = async () => {
    const { rows } = await sql<{ type: string; rating: string; kept: number; counted: number }>`
      SELECT coalesce(k.type, c.type) AS type, coalesce(k.rating, c.rating) AS rating,
        coalesce(k.n, 0)::int AS kept, coalesce(c.n, 0)::int AS counted
      FROM visible_gif_counts k FULL JOIN (
        SELECT type, rating, count(*) AS n FROM gifs
        WHERE status = 'ready' AND visibility = 'public' GROUP BY type, rating) c
        ON c.type = k.type AND c.rating = k.rating
      WHERE coalesce(k.n, 0) <> coalesce(c.n, 0)`.execute(t.jiffy.database.db);
    return rows;
  };
  const edit = (id: string, key: string, value: unknown) =>
    users.ann!.post('/ajax/gif/update', { gif_id: id, key, value });

  beforeAll(async () => {
    // No workers: the settle sweep would fail the 'processing' row the upload step keeps.
    t = await startTestJiffy({}, { startWorkers: false });
    ({ users } = await permissionMatrix(t));
    const gifs = t.jiffy.services.gifRepository;
    const rows: [string, GifType, Rating, Record<string, string>?][] = [
      ['g1', 'gif', 'g'],
      ['g2', 'gif', 'g'],
      ['pg1', 'gif', 'pg'],
      ['teen1', 'gif', 'pg-13'],
      ['r1', 'gif', 'r'],
      ['st1', 'sticker', 'g'],
      ['busy1', 'gif', 'g', { status: 'processing' }],
      ['gone1', 'gif', 'g', { status: 'removed' }],
      ['hidden1', 'gif', 'g', { visibility: 'unlisted' }],
    ];
    for (const [id, type, rating, more] of rows)
      await insertGifRow(gifs, { id, type, rating, user_id: 'idann', ...more });
  });
  afterAll(() => t.stop());

  it('gives the exact total after an upload turns ready, a takedown, a restore, edits and a delete', async () => {
    expect(await total()).toBe(4); // g1 g2 pg1 teen1: r, unready and unlisted left out
    expect(await total('gifs', 'r')).toBe(5);
    expect(await total('gifs', 'g')).toBe(2);
    expect(await total('stickers')).toBe(1);
    expect(await drift()).toEqual([]);

    // The pipeline's own step from processing to ready.
    const ready = { status: 'ready' as const, ready_at: new Date() };
    expect(await t.jiffy.services.gifRepository.updateWhileProcessing('busy1', ready)).toBe(true);
    expect(await total()).toBe(5);

    const takedown = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: 'g1',
      reason: 'copyright',
    });
    expect(takedown.statusCode).toBe(200);
    expect(await total()).toBe(4);
    expect(await total('gifs', 'g')).toBe(2); // g2, busy1
    const restore = await users.adm!.post('/api/v3/content-takedown/restore', { gif_id: 'g1' });
    expect(restore.statusCode).toBe(200);
    expect(await total()).toBe(5);
    expect(await drift()).toEqual([]);

    // A rating past what is asked for leaves the list; one within it comes in.
    expect((await edit('g2', 'rating', 'r')).statusCode).toBe(200);
    expect(await total()).toBe(4);
    expect(await total('gifs', 'r')).toBe(6);
    expect((await edit('r1', 'rating', 'pg')).statusCode).toBe(200);
    expect(await total()).toBe(5);

    expect((await edit('hidden1', 'visibility', 'public')).statusCode).toBe(200);
    expect(await total()).toBe(6);
    expect((await edit('pg1', 'visibility', 'unlisted')).statusCode).toBe(200);
    expect(await total()).toBe(5);

    expect((await edit('teen1', 'is_sticker', true)).statusCode).toBe(200);
    expect(await total()).toBe(4);
    expect(await total('stickers')).toBe(2);

    const removed = await users.ann!.request({ method: 'DELETE', url: '/api/v1/gifs/g1' });
    expect(removed.statusCode).toBe(204);
    expect(await total()).toBe(3); // busy1, r1 (now pg), hidden1 (now public)
    expect(await total('gifs', 'r')).toBe(4); // and g2, now r
    expect(await drift()).toEqual([]);
  });

  it('reads a whole type’s total off the kept counts, not by counting the GIFs', async () => {
    const lists = new GifListRepository(t.jiffy.database.db);
    const filter = { type: 'gif' as const, ratings: ['g', 'pg', 'pg-13'] as Rating[] };
    const counted = await lists.countVisible(filter);
    // A kept count set wrong on purpose shows in the total: nothing else was read.
    await sql`UPDATE visible_gif_counts SET n = n + 1000 WHERE type = 'gif' AND rating = 'g'`.execute(
      t.jiffy.database.db,
    );
    try {
      expect(await lists.countVisible(filter)).toBe(counted + 1000);
      // A user's total is still counted over their GIFs, exactly.
      expect(await lists.countVisible({ ...filter, userId: 'idann' })).toBe(counted);
    } finally {
      await sql`UPDATE visible_gif_counts SET n = n - 1000 WHERE type = 'gif' AND rating = 'g'`.execute(
        t.jiffy.database.db,
      );
    }
    expect(await lists.countVisible({ ...filter, ratings: [] })).toBe(0);
  });

  it('writes no count row for a change that moves no GIF in or out (engagement, a bulk update)', async () => {
    const db = t.jiffy.database.db;
    const versions = () =>
      sql<{ type: string; rating: string; version: string }>`
        SELECT type, rating, xmin::text AS version FROM visible_gif_counts ORDER BY type, rating`
        .execute(db)
        .then((r) => r.rows);
    const before = await versions();
    await sql`UPDATE gifs SET view_count = view_count + 5, recent_engagement = 2`.execute(db);
    expect(await versions()).toEqual(before);
    expect(await drift()).toEqual([]);
  });
});
