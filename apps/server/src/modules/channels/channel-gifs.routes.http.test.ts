import { sql } from 'kysely';
import type { ChannelObject } from '@jiffy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Answer = { statusCode: number; json: <T>() => T };
const code = (r: Answer) => r.json<{ error: { code: string } }>().error.code;
const data = <T = ChannelObject>(r: Answer) => r.json<{ data: T }>().data;

describe('channels: their GIFs and feeds', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let channel: ChannelObject;

  const add = (client: SiteClient, body: object) => client.post('/api/v4/channel-gifs/', body);
  const remove = (client: SiteClient, body: object) =>
    client.post('/api/v4/channel-gifs/remove/', body);
  const feed = async (id: number, query = '') => {
    const response = await visitor.get(`/api/v4/channels/${id}/feed/?${query}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { id: string }[]; pagination: { total_count: number } }>();
    return { ids: body.data.map((g) => g.id), total: body.pagination.total_count };
  };
  const gifs = () => t.jiffy.services.gifRepository;

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    // Made a second apart, oldest first: g1 … g5 are ann's, b1 ben's.
    const at = (s: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, s));
    for (let i = 1; i <= 5; i++)
      await insertGifRow(gifs(), { id: `g${i}`, user_id: 'idann', created_at: at(i) });
    await insertGifRow(gifs(), { id: 'b1', user_id: 'idben', created_at: at(10) });
    await insertGifRow(gifs(), { id: 'unlisted', user_id: 'idann', visibility: 'unlisted' });
    await insertGifRow(gifs(), { id: 'pending', user_id: 'idann', status: 'processing' });
    await insertGifRow(gifs(), { id: 'gone', user_id: 'idann', status: 'removed' });
    channel = data(await users.ann!.post('/api/v4/channels/', { display_name: 'Best' }));
  });
  afterAll(() => t.stop());

  it("shows the owner's uploads as the root channel's feed, newest first", async () => {
    const root = data(await visitor.get('/api/v4/channels/?slug=ann'));
    expect(await feed(root.id)).toEqual({ ids: ['g5', 'g4', 'g3', 'g2', 'g1'], total: 5 });
    expect(await feed(root.id, 'limit=2&offset=2')).toEqual({ ids: ['g3', 'g2'], total: 5 });
  });

  it('adds GIFs by hand in a manual order: new ones first, placed ones where asked', async () => {
    const first = await add(users.ann!, { channel: channel.id, gif: ['g1', 'g2'] });
    expect(first.statusCode).toBe(200);
    expect(data<{ added: string[] }>(first).added).toEqual(['g1', 'g2']);
    expect((await feed(channel.id)).ids).toEqual(['g1', 'g2']);
    // Anyone's public GIF may be collected.
    await add(users.ann!, { channel: channel.id, gif: 'b1,g3' });
    expect((await feed(channel.id)).ids).toEqual(['b1', 'g3', 'g1', 'g2']);
    await add(users.ann!, { channel: channel.id, gif: ['g4'], position: 'last' });
    await add(users.ann!, {
      channel: channel.id,
      gif: ['g5'],
      position: 'after',
      target_gif: 'b1',
    });
    expect((await feed(channel.id)).ids).toEqual(['b1', 'g5', 'g3', 'g1', 'g2', 'g4']);
    // Placing GIFs already there reorders them, in the order given.
    const again = await add(users.ann!, {
      channel: channel.id,
      gif: ['g2', 'g1'],
      position: 'before',
      target_gif: 'b1',
    });
    expect(data<{ added: string[] }>(again).added).toEqual([]);
    expect((await feed(channel.id)).ids).toEqual(['g2', 'g1', 'b1', 'g5', 'g3', 'g4']);
    await add(users.ann!, { channel: channel.id, gif: ['g4', 'g3'], position: 'first' });
    expect((await feed(channel.id)).ids).toEqual(['g4', 'g3', 'g2', 'g1', 'b1', 'g5']);
    // Adding without a position keeps a present GIF where it is.
    await add(users.ann!, { channel: channel.id, gif: ['g5'] });
    expect(await feed(channel.id)).toEqual({ ids: ['g4', 'g3', 'g2', 'g1', 'b1', 'g5'], total: 6 });
    expect(await feed(channel.id, 'order=newest&limit=3')).toEqual({
      ids: ['b1', 'g5', 'g4'],
      total: 6,
    });
    expect((await feed(channel.id, 'limit=2&offset=4')).ids).toEqual(['b1', 'g5']);
  });

  it('pages by cursor as by offset, in either order, with no cursor after the last page', async () => {
    /** Follows next_cursor from the first page: the ids of each page, in turn. */
    const walk = async (id: number, query: string) => {
      const pages: string[][] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const response = await visitor.get(
          `/api/v4/channels/${id}/feed/?limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        const body = response.json<{
          data: { id: string }[];
          pagination: { next_cursor: string | null; count: number };
        }>();
        pages.push(body.data.map((g) => g.id));
        expect(body.pagination.count).toBe(body.data.length);
        cursor = body.pagination.next_cursor;
      }
      return pages;
    };
    expect(await walk(channel.id, 'order=manual')).toEqual([
      ['g4', 'g3'],
      ['g2', 'g1'],
      ['b1', 'g5'],
    ]);
    expect(await walk(channel.id, 'order=newest')).toEqual([
      ['b1', 'g5'],
      ['g4', 'g3'],
      ['g2', 'g1'],
    ]);
    const root = data(await visitor.get('/api/v4/channels/?slug=ann'));
    expect(await walk(root.id, '')).toEqual([['g5', 'g4'], ['g3', 'g2'], ['g1']]);
  });

  it('corrects a kept total by what the page shows when GIFs join another way', async () => {
    const { ids, total } = await feed(channel.id);
    expect(total).toBe(ids.length);
    // As the magic-tag trigger or another process's job would: not through this service.
    await insertGifRow(gifs(), { id: 'joined', user_id: 'idben' });
    await sql`INSERT INTO channel_gifs (channel_id, gif_id, position, by_hand)
      VALUES (${channel.id}, 'joined', 1000, true)`.execute(t.jiffy.database.db);
    expect(await feed(channel.id)).toEqual({ ids: [...ids, 'joined'], total: ids.length + 1 });
    expect((await feed(channel.id, `limit=${ids.length}`)).total).toBe(ids.length + 1);
    expect((await feed(channel.id, 'offset=500')).total).toBe(ids.length + 1);
    await remove(users.ann!, { channel: channel.id, gif: 'joined' });
  });

  it('refuses a cursor it did not make, one made for another order, or one with an offset', async () => {
    const first = await visitor.get(`/api/v4/channels/${channel.id}/feed/?limit=2`);
    const cursor = first.json<{ pagination: { next_cursor: string } }>().pagination.next_cursor;
    const forged = Buffer.from("m:1' OR 1=1:g1").toString('base64url');
    for (const query of [
      'cursor=nonsense',
      `cursor=${forged}`,
      `cursor=${'x'.repeat(300)}`,
      `cursor=${cursor}&order=newest`,
      `cursor=${cursor}&offset=2`,
    ]) {
      const response = await visitor.get(`/api/v4/channels/${channel.id}/feed/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(code(response), query).toBe('invalid_request');
    }
  });

  it('tells which channels each GIF is in, leaving out what the asker may not see', async () => {
    const hidden = data(
      await users.ann!.post('/api/v4/channels/', { display_name: 'Hidden', is_visible: false }),
    );
    await add(users.ann!, { channel: hidden.id, gif: 'g1' });
    const ask = async (client: SiteClient) =>
      data<{ gif_id: string; channels: ChannelObject[] }[]>(
        await client.get('/api/v4/channel-gifs/?gif=g1,nosuchgif,b1,unlisted,g2'),
      ).map((row) => [row.gif_id, row.channels.map((c) => c.path)]);
    expect(await ask(visitor)).toEqual([
      ['g1', ['ann/best']],
      ['b1', ['ann/best']],
      ['g2', ['ann/best']],
    ]);
    expect((await ask(users.ann!))[0]).toEqual(['g1', ['ann/best', 'ann/hidden']]);
  });

  it('refuses bad GIFs and bad channels with a clear 4xx and changes nothing', async () => {
    const before = await feed(channel.id);
    const root = data(await visitor.get('/api/v4/channels/?slug=ann'));
    const benChannel = data(await users.ben!.post('/api/v4/channels/', { display_name: 'Bens' }));
    const wide = Array.from({ length: 10_000 }, (_, i) => `w${i}`);
    const refusals: [object, number, string][] = [
      [{ channel: channel.id, gif: ['g1', 'nosuchgif'] }, 404, 'gif_not_found'],
      [{ channel: channel.id, gif: 'gone' }, 404, 'gif_not_found'], // taken down
      [{ channel: channel.id, gif: 'pending' }, 404, 'gif_not_found'],
      [{ channel: channel.id, gif: 'unlisted' }, 404, 'gif_not_found'],
      [{ channel: channel.id, gif: wide }, 400, 'invalid_request'],
      [{ channel: channel.id, gif: wide.join(',') }, 400, 'invalid_request'],
      [{ channel: channel.id, gif: [] }, 400, 'invalid_request'],
      [{ channel: channel.id, gif: ['bad id!'] }, 400, 'invalid_request'],
      [{ channel: channel.id, gif: 'g1', position: 'before' }, 400, 'invalid_request'],
      [{ channel: channel.id, gif: 'g1', target_gif: 'g2' }, 400, 'invalid_request'],
      [
        { channel: channel.id, gif: 'g1', position: 'after', target_gif: 'g1' },
        400,
        'invalid_request',
      ],
      [
        { channel: channel.id, gif: 'g1', position: 'after', target_gif: 'unlisted' },
        404,
        'channel_gif_not_found',
      ],
      [{ channel: root.id, gif: 'g1' }, 409, 'channel_is_root'],
      [{ channel: benChannel.id, gif: 'g1' }, 403, 'forbidden'],
      [{ channel: 99_999, gif: 'g1' }, 404, 'channel_not_found'],
      [{ gif: 'g1' }, 400, 'invalid_request'],
    ];
    for (const [body, status, errorCode] of refusals) {
      const response = await add(users.ann!, body);
      expect([JSON.stringify(body).slice(0, 80), response.statusCode, code(response)]).toEqual([
        JSON.stringify(body).slice(0, 80),
        status,
        errorCode,
      ]);
    }
    const notThere = await remove(users.ann!, { channel: channel.id, gif: ['g1', 'pending'] });
    expect([notThere.statusCode, code(notThere)]).toEqual([404, 'channel_gif_not_found']);
    const wideRemove = await remove(users.ann!, { channel: channel.id, gif: wide });
    expect(wideRemove.statusCode).toBe(400);
    const tooWide = await visitor.get(`/api/v4/channel-gifs/?gif=${wide.join(',')}`);
    expect(tooWide.statusCode).toBe(400);
    expect(await feed(channel.id)).toEqual(before);
    expect((await feed(benChannel.id)).ids).toEqual([]);
  });

  it('lets the owner, moderators and admins add and remove; refuses everyone else', async () => {
    const cases: [string, SiteClient, number][] = [
      ['visitor', visitor, 401],
      ['ben', users.ben!, 403],
      ['cat', users.cat!, 403],
      ['mod', users.mod!, 200],
      ['adm', users.adm!, 200],
      ['ann', users.ann!, 200],
    ];
    for (const [who, client, status] of cases) {
      const out = await remove(client, { channel: channel.id, gif: 'g5' });
      expect([who, 'remove', out.statusCode]).toEqual([who, 'remove', status]);
      if (status === 200) {
        expect((await feed(channel.id)).ids).not.toContain('g5');
        expect((await add(client, { channel: channel.id, gif: 'g5' })).statusCode).toBe(200);
      }
      expect((await feed(channel.id)).ids).toContain('g5');
    }
  });

  it('drops a taken-down GIF from feeds (back on restore) and a deleted one for good', async () => {
    const db = t.jiffy.database.db;
    await db.updateTable('gifs').set({ status: 'removed' }).where('id', '=', 'g3').execute();
    expect((await feed(channel.id)).ids).not.toContain('g3');
    const root = data(await visitor.get('/api/v4/channels/?slug=ann'));
    expect((await feed(root.id)).ids).not.toContain('g3');
    await db.updateTable('gifs').set({ status: 'ready' }).where('id', '=', 'g3').execute();
    const withG3 = (await feed(channel.id)).ids;
    // Back where it was (the matrix test above put g5 first again).
    expect(withG3.slice(0, 3)).toEqual(['g5', 'g4', 'g3']);

    const featured = await users.ann!.request({
      method: 'PATCH',
      url: `/api/v4/channels/${channel.id}/`,
      body: { featured_gif: 'g4', banner_gif: 'g4' },
    });
    expect(data(featured).featured_gif?.id).toBe('g4');
    await t.jiffy.database.db.deleteFrom('gifs').where('id', '=', 'g4').execute();
    expect((await feed(channel.id)).ids).toEqual(withG3.filter((id) => id !== 'g4'));
    const after = data(await visitor.get(`/api/v4/channels/${channel.id}`));
    expect([after.featured_gif, after.banner_image]).toEqual([null, null]);
    // The channel is gone, its GIFs stay on the owner's profile.
    await users.ann!.request({ method: 'DELETE', url: `/api/v4/channels/${channel.id}/` });
    expect((await feed(root.id)).ids).toEqual(['g5', 'g3', 'g2', 'g1']);
  });
});
