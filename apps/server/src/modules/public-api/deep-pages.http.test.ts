import type { ChannelObject } from '@jiffy/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { GifListRepository } from './gif-list.repository.ts';

// A page asked for cold at any offset holds what walking every page from the first shows at
// that place: for a ranked search and for channel feeds (manual and newest first), with ties in
// score, position and time, and GIFs the caller may not see mixed in.
describe('deep pages hold what walking every page shows there', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let channel: ChannelObject;
  const db = () => t.jiffy.database.db;
  const gif = (id: string, row: Omit<Parameters<typeof insertGifRow>[1], 'id'>) =>
    insertGifRow(t.jiffy.services.gifRepository, { ...row, id });
  const hidden = [
    { status: 'processing' },
    { visibility: 'unlisted' },
    { status: 'removed' },
    { status: 'pending_review' },
  ] as const;

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    // 48 of ann's GIFs, every fifth hidden; in threes with the same time, view count and title,
    // so their scores and ages tie.
    const at = (s: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, s));
    for (let i = 0; i < 48; i++) {
      const id = `d${String(i).padStart(2, '0')}`;
      await gif(id, {
        user_id: 'idann',
        title: i % 2 ? 'Owl dance' : 'Owl',
        view_count: Math.floor(i / 3) % 4,
        created_at: at(Math.floor(i / 3)),
        ...(i % 5 === 4 ? hidden[((i / 5) % hidden.length) | 0] : {}),
      });
    }
    channel = (await users.ann!.post('/api/v4/channels/', { display_name: 'Deep' })).json<{
      data: ChannelObject;
    }>().data;
    // Every GIF, hidden ones too (as a GIF taken down after it joined), four to a position.
    await sql`INSERT INTO channel_gifs (channel_id, gif_id, position, by_hand)
      SELECT ${channel.id}, id, (substr(id, 2)::int * 7 % 48) / 4, true FROM gifs
      WHERE id LIKE 'd%'`.execute(db());
  });
  afterAll(() => t.stop());

  /** Every page of `read` in turn from the first: the order a scrolling client is shown. */
  async function walk(read: (offset: number) => Promise<string[]>, limit: number) {
    const all: string[] = [];
    for (let page = await read(0); page.length > 0; page = await read(all.length)) {
      all.push(...page);
      if (page.length < limit) break;
    }
    return all;
  }

  const feedIds = async (query: string) => {
    const response = await visitor.get(`/api/v4/channels/${channel.id}/feed/?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { id: string }[] }>().data.map((g) => g.id);
  };
  const rootId = async () =>
    (await visitor.get('/api/v4/channels/?slug=ann')).json<{ data: ChannelObject }>().data.id;
  const rootIds = async (offset: number, limit: number) => {
    const response = await visitor.get(
      `/api/v4/channels/${await rootId()}/feed/?limit=${limit}&offset=${offset}`,
    );
    return response.json<{ data: { id: string }[] }>().data.map((g) => g.id);
  };
  const shownIds = async () =>
    (
      await db()
        .selectFrom('gifs')
        .where('id', 'like', 'd%')
        .where('status', '=', 'ready')
        .where('visibility', '=', 'public')
        .select('id')
        .execute()
    ).map((r) => r.id);

  /** Each page of 5 asked for cold, at every offset, against the walk's slice there. */
  async function expectEveryOffset(read: (offset: number, limit: number) => Promise<string[]>) {
    const walked = await walk((offset) => read(offset, 5), 5);
    for (let offset = 0; offset <= walked.length; offset++)
      expect(await read(offset, 5), `offset ${offset}`).toEqual(walked.slice(offset, offset + 5));
    return walked;
  }

  it('a manual feed: each shown GIF once, by position then id, at every offset', async () => {
    const walked = await expectEveryOffset((offset, limit) =>
      feedIds(`limit=${limit}&offset=${offset}`),
    );
    const shown = new Set(await shownIds());
    const key = (id: string) => ((Number(id.slice(1)) * 7) % 48) / 4;
    expect(walked).toEqual(
      [...shown].sort((a, b) => Math.floor(key(a)) - Math.floor(key(b)) || (a < b ? -1 : 1)),
    );
    // By cursor, the same order.
    const byCursor: string[] = [];
    let cursor: string | null | undefined;
    do {
      const response = await visitor.get(
        `/api/v4/channels/${channel.id}/feed/?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = response.json<{
        data: { id: string }[];
        pagination: { next_cursor?: string | null };
      }>();
      byCursor.push(...body.data.map((g) => g.id));
      cursor = body.pagination.next_cursor;
    } while (cursor);
    expect(byCursor).toEqual(walked);
  });

  it('a feed follows its GIFs being hidden and shown again, at every offset', async () => {
    await db()
      .updateTable('gifs')
      .set({ visibility: 'unlisted' })
      .where('id', '=', 'd10')
      .execute();
    await db().updateTable('gifs').set({ status: 'ready' }).where('id', '=', 'd04').execute();
    const walked = await expectEveryOffset((offset, limit) =>
      feedIds(`limit=${limit}&offset=${offset}`),
    );
    expect(walked).not.toContain('d10');
    expect(walked).toContain('d04');
    expect(walked).toHaveLength((await shownIds()).length);
  });

  it("a root channel's feed: its owner's shown GIFs newest first, ties by id, at every offset", async () => {
    const walked = await expectEveryOffset(rootIds);
    const shown = await shownIds();
    const second = (id: string) => Math.floor(Number(id.slice(1)) / 3);
    expect(walked).toEqual(shown.sort((a, b) => second(b) - second(a) || (a < b ? -1 : 1)));
  });

  it('a ranked search: a cold page at any offset is that slice of the pages walked in turn', async () => {
    const filter = {
      type: 'gif' as const,
      ratings: ['g' as const, 'pg' as const, 'pg-13' as const],
    };
    const pageOf = (lists: GifListRepository, words: string, offset: number, limit: number) =>
      lists
        .search({ words, lang: 'en', filter, page: { limit, offset }, sort: 'relevant' })
        .then((found) => found.rows.map((row) => row.id));
    for (const words of ['owl', 'owl dance']) {
      // One repository walks (each page goes on from where the one before ended); every cold
      // page is asked of a new one, which knows no page ends.
      const walking = new GifListRepository(db());
      const walked = await walk((offset) => pageOf(walking, words, offset, 5), 5);
      expect(walked.length).toBeGreaterThan(10);
      for (let offset = 0; offset <= walked.length; offset++)
        expect(
          await pageOf(new GifListRepository(db()), words, offset, 5),
          `${words} at ${offset}`,
        ).toEqual(walked.slice(offset, offset + 5));
      const shown = new Set(await shownIds());
      expect(walked.every((id) => shown.has(id))).toBe(true);
      expect(new Set(walked).size).toBe(walked.length);
    }
  });
});
