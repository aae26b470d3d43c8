import type { ChannelObject } from '@jiffy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Answer = { statusCode: number; json: <T>() => T };
const code = (r: Answer) => r.json<{ error: { code: string } }>().error.code;
const data = <T = ChannelObject>(r: Answer) => r.json<{ data: T }>().data;
type Tag = { id: number; tag: string; rank: number };

describe('channels: ranked tags, magic tags and their jobs', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let channel: ChannelObject;

  const feed = async (id: number, query = '') =>
    data<{ id: string }[]>(await visitor.get(`/api/v4/channels/${id}/feed/?${query}`))
      .map((g) => g.id)
      .toSorted();
  const job = (client: SiteClient, id: string) =>
    client.get(`/api/v4/channels/retrieve-job/?job=${id}`);
  /** Polls as the site does, but longer: a shared machine may be slow to start the job. */
  const untilDone = async (client: SiteClient, id: string) => {
    for (let i = 0; i < 200; i++) {
      const status = data<{ status: string }>(await job(client, id)).status;
      if (status === 'DONE' || status === 'FAILED') return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 'still running';
  };
  const gifs = () => t.jiffy.services.gifRepository;

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    await insertGifRow(gifs(), { id: 'cat1', user_id: 'idann', tags: ['cat', 'funny'] });
    await insertGifRow(gifs(), { id: 'cat2', user_id: 'idann', tags: ['cat'] });
    await insertGifRow(gifs(), { id: 'cathand', user_id: 'idann', tags: ['cat'] });
    await insertGifRow(gifs(), { id: 'dog1', user_id: 'idann', tags: ['dog', 'funny'] });
    await insertGifRow(gifs(), { id: 'bencat', user_id: 'idben', tags: ['cat'] });
    await insertGifRow(gifs(), {
      id: 'hiddencat',
      user_id: 'idann',
      tags: ['cat'],
      visibility: 'unlisted',
    });
    channel = data(await users.ann!.post('/api/v4/channels/', { display_name: 'Cats' }));
  });
  afterAll(() => t.stop());

  it('keeps ranked tags in order: add, rerank, remove, shown on the channel and as tabs', async () => {
    const add = (tag: string) =>
      users.ann!.post('/api/v4/channel-ranked-tags/', { channel: channel.id, tag });
    expect((await add('Funny')).statusCode).toBe(201);
    await add('cat');
    const three = data<Tag[]>(await add('dog'));
    expect(three.map((x) => [x.tag, x.rank])).toEqual([
      ['funny', 1],
      ['cat', 2],
      ['dog', 3],
    ]);
    const dog = three[2]!;
    const reranked = await users.ann!.request({
      method: 'PATCH',
      url: `/api/v4/channel-ranked-tags/${dog.id}/`,
      body: { rank: 1 },
    });
    expect(data<Tag[]>(reranked).map((x) => x.tag)).toEqual(['dog', 'funny', 'cat']);
    const removed = await users.ann!.request({
      method: 'DELETE',
      url: `/api/v4/channel-ranked-tags/${three[0]!.id}/`,
    });
    expect(removed.statusCode).toBe(200);
    const shown = data(await visitor.get(`/api/v4/channels/${channel.id}`));
    expect(shown.tags.map((x) => [x.tag, x.rank])).toEqual([
      ['dog', 1],
      ['cat', 2],
    ]);
    // A tab is the channel's GIFs with the tag.
    await users.ann!.post('/api/v4/channel-gifs/', { channel: channel.id, gif: ['cat1', 'dog1'] });
    expect(await feed(channel.id, 'tag=funny')).toEqual(['cat1', 'dog1']);
    expect(await feed(channel.id, 'tag=dog')).toEqual(['dog1']);
    await users.ann!.post('/api/v4/channel-gifs/remove/', {
      channel: channel.id,
      gif: ['cat1', 'dog1'],
    });
  });

  it('refuses ranked-tag changes from others and bad input, changing nothing', async () => {
    const before = data(await visitor.get(`/api/v4/channels/${channel.id}`)).tags;
    const cases: [SiteClient, object, number, string][] = [
      [visitor, { channel: channel.id, tag: 'x' }, 401, 'not_signed_in'],
      [users.ben!, { channel: channel.id, tag: 'x' }, 403, 'forbidden'],
      [users.cat!, { channel: channel.id, tag: 'x' }, 403, 'forbidden'],
      [users.ann!, { channel: channel.id, tag: 'x'.repeat(65) }, 400, 'invalid_request'],
      [users.ann!, { channel: channel.id, tag: '' }, 400, 'invalid_request'],
      [users.ann!, { channel: 99_999, tag: 'x' }, 404, 'channel_not_found'],
      [users.ann!, { channel: channel.id, tag: ['a', 'b'] }, 400, 'invalid_request'],
      // Only a number or its digits name a channel: nothing a loose coercion would read as one.
      ...[[channel.id], String(channel.id) + '.0', `0x${channel.id.toString(16)}`, true, ' 1'].map(
        (id): [SiteClient, object, number, string] => [
          users.ann!,
          { channel: id, tag: 'coerced' },
          400,
          'invalid_request',
        ],
      ),
      // A lone UTF-16 half cannot be stored as sent (jsonb refuses it, text would alter it).
      [users.ann!, { channel: channel.id, tag: 'half\ud800' }, 400, 'invalid_request'],
      [users.ann!, { channel: channel.id, tag: '\udfffhalf' }, 400, 'invalid_request'],
    ];
    for (const [client, body, status, errorCode] of cases) {
      const response = await client.post('/api/v4/channel-ranked-tags/', body);
      expect([JSON.stringify(body), response.statusCode, code(response)]).toEqual([
        JSON.stringify(body),
        status,
        errorCode,
      ]);
    }
    const id = before[0]!.id;
    const patch = (client: SiteClient, url: string, body: object) =>
      client.request({ method: 'PATCH', url, body });
    expect(
      (await patch(users.ben!, `/api/v4/channel-ranked-tags/${id}/`, { rank: 2 })).statusCode,
    ).toBe(403);
    expect(code(await patch(users.ann!, `/api/v4/channel-ranked-tags/99999/`, { rank: 2 }))).toBe(
      'channel_tag_not_found',
    );
    expect(
      (await patch(users.ann!, `/api/v4/channel-ranked-tags/${id}/`, { rank: 0 })).statusCode,
    ).toBe(400);
    const del = await users.ben!.request({
      method: 'DELETE',
      url: `/api/v4/channel-ranked-tags/${id}/`,
    });
    expect(del.statusCode).toBe(403);
    expect(data(await visitor.get(`/api/v4/channels/${channel.id}`)).tags).toEqual(before);
    // Moderators and admins may manage anyone's.
    expect(
      (await patch(users.mod!, `/api/v4/channel-ranked-tags/${id}/`, { rank: 1 })).statusCode,
    ).toBe(200);
    // The cap: 20 tabs.
    for (let i = 0; i < 18; i++)
      await users.adm!.post('/api/v4/channel-ranked-tags/', { channel: channel.id, tag: `t${i}` });
    const past = await users.ann!.post('/api/v4/channel-ranked-tags/', {
      channel: channel.id,
      tag: 'one-more',
    });
    expect([past.statusCode, code(past)]).toEqual([422, 'too_many_tags']);
  });

  it("gathers the owner's GIFs with a magic tag in a job the site can poll to DONE", async () => {
    await users.ann!.post('/api/v4/channel-gifs/', { channel: channel.id, gif: 'cathand' });
    const added = await users.ann!.post('/api/v4/channel-magic-tags/', {
      channel: channel.id,
      tag: 'Cat',
    });
    expect(added.statusCode).toBe(201);
    const body = added.json<{ data: { id: number; tag: string }; flush_uuid: string }>();
    expect(body.data.tag).toBe('cat');
    expect(body.flush_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await untilDone(users.ann!, body.flush_uuid)).toBe('DONE');
    // Ann's public cat GIFs; not Ben's (a community channel), not the unlisted one.
    expect(await feed(channel.id)).toEqual(['cat1', 'cat2', 'cathand']);
    // Owners see the magic tags on the channel; visitors do not.
    expect(data(await users.ann!.get(`/api/v4/channels/${channel.id}`)).syncable_tags).toEqual([
      { id: body.data.id, tag: 'cat' },
    ]);
    expect(data(await visitor.get(`/api/v4/channels/${channel.id}`)).syncable_tags).toEqual([]);

    // Who may follow the job: its channel's managers.
    expect((await job(visitor, body.flush_uuid)).statusCode).toBe(401);
    expect(code(await job(users.ben!, body.flush_uuid))).toBe('job_not_found');
    expect(code(await job(users.ann!, '00000000-0000-0000-0000-000000000000'))).toBe(
      'job_not_found',
    );
    expect(code(await job(users.ann!, 'not-a-uuid'))).toBe('job_not_found');
    expect((await job(users.mod!, body.flush_uuid)).statusCode).toBe(200);

    // A later upload with the tag joins when it becomes ready, whatever path gets it there.
    await insertGifRow(gifs(), { id: 'catlater', user_id: 'idann', tags: ['cat'] });
    await insertGifRow(gifs(), {
      id: 'catproc',
      user_id: 'idann',
      tags: ['cat'],
      status: 'processing',
    });
    expect(await feed(channel.id)).toEqual(['cat1', 'cat2', 'cathand', 'catlater']);
    const db = t.jiffy.database.db;
    await db.updateTable('gifs').set({ status: 'ready' }).where('id', '=', 'catproc').execute();
    await db
      .updateTable('gifs')
      .set({ tags: ['dog', 'cat'] })
      .where('id', '=', 'dog1')
      .execute();
    expect(await feed(channel.id)).toEqual([
      'cat1',
      'cat2',
      'cathand',
      'catlater',
      'catproc',
      'dog1',
    ]);

    // Removing the magic tag takes out what it brought, not the GIF added by hand.
    const removed = await users.ann!.request({
      method: 'DELETE',
      url: `/api/v4/channel-magic-tags/${body.data.id}/`,
    });
    expect(data<{ gifs_removed: number }>(removed).gifs_removed).toBe(5);
    expect(await feed(channel.id)).toEqual(['cathand']);
    expect(
      code(
        await users.ann!.request({
          method: 'DELETE',
          url: `/api/v4/channel-magic-tags/${body.data.id}/`,
        }),
      ),
    ).toBe('channel_tag_not_found');
  });

  it("gathers anyone's public GIFs into a staff editorial channel, and re-syncs on a type change", async () => {
    const editorial = data(
      await users.mod!.post('/api/v4/channels/', {
        display_name: 'Cats of Jiffy',
        type: 'editorial',
      }),
    );
    const added = await users.mod!.post('/api/v4/channel-magic-tags/', {
      channel: editorial.id,
      tag: 'cat',
    });
    const flush = added.json<{ flush_uuid: string }>().flush_uuid;
    expect(await untilDone(users.mod!, flush)).toBe('DONE');
    expect(await feed(editorial.id)).toEqual([
      'bencat',
      'cat1',
      'cat2',
      'cathand',
      'catlater',
      'catproc',
      'dog1',
    ]);
    // Made community, it keeps only its owner's (the moderator has none).
    const patched = await users.mod!.request({
      method: 'PATCH',
      url: `/api/v4/channels/${editorial.id}/`,
      body: { type: 'community' },
    });
    const uuid = patched.json<{ flush_uuid: string | null }>().flush_uuid;
    expect(uuid).not.toBeNull();
    expect(await untilDone(users.mod!, uuid!)).toBe('DONE');
    expect(await feed(editorial.id)).toEqual([]);
  });

  it('refuses magic tags from others, on a root channel and past the cap', async () => {
    const root = data(await visitor.get('/api/v4/channels/?slug=ann'));
    const cases: [SiteClient, object, number, string][] = [
      [visitor, { channel: channel.id, tag: 'x' }, 401, 'not_signed_in'],
      [users.ben!, { channel: channel.id, tag: 'x' }, 403, 'forbidden'],
      [users.cat!, { channel: channel.id, tag: 'x' }, 403, 'forbidden'],
      [users.ann!, { channel: root.id, tag: 'x' }, 409, 'channel_is_root'],
      [users.ann!, { channel: channel.id }, 400, 'invalid_request'],
    ];
    for (const [client, body, status, errorCode] of cases) {
      const response = await client.post('/api/v4/channel-magic-tags/', body);
      expect([JSON.stringify(body), response.statusCode, code(response)]).toEqual([
        JSON.stringify(body),
        status,
        errorCode,
      ]);
    }
    for (let i = 0; i < 10; i++)
      expect(
        (
          await users.ann!.post('/api/v4/channel-magic-tags/', {
            channel: channel.id,
            tag: `m${i}`,
          })
        ).statusCode,
      ).toBe(201);
    const past = await users.ann!.post('/api/v4/channel-magic-tags/', {
      channel: channel.id,
      tag: 'm10',
    });
    expect([past.statusCode, code(past)]).toEqual([422, 'too_many_tags']);
    expect(data(await users.ann!.get(`/api/v4/channels/${channel.id}`)).syncable_tags).toHaveLength(
      10,
    );
  });
});
