import type { ChannelObject } from '@jiffy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

interface StudiosAnswer {
  data: {
    channels: { feature_id: number; channel: ChannelObject }[];
    creators: { feature_id: number; creator: { username: string; email?: string } }[];
  };
}

// /studios: channels and creators staff feature, the same page for everyone.
describe('/api/v1/studios/', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let shown: number;
  let hidden: number;
  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    const make = async (display_name: string) => {
      const response = await users.cat!.post('/api/v4/channels/', { display_name });
      expect(response.statusCode).toBe(201);
      return response.json<{ data: ChannelObject }>().data.id;
    };
    shown = await make('Space loops');
    hidden = await make('Drafts');
    const patched = await users.cat!.request({
      method: 'PATCH',
      url: `/api/v4/channels/${hidden}/`,
      body: { is_visible: false },
    });
    expect(patched.statusCode).toBe(200);
  });
  afterAll(() => t.stop());

  const studios = async (client: SiteClient) => {
    const response = await client.get('/api/v1/studios/');
    expect(response.statusCode).toBe(200);
    return response.json<StudiosAnswer>().data;
  };
  const feature = (client: SiteClient, body: object) => client.post('/api/v1/studios/', body);
  const unfeature = (client: SiteClient, id: number | string) =>
    client.request({ method: 'DELETE', url: `/api/v1/studios/${id}/` });

  it('lets moderators and admins feature channels and creators, in order, for everyone to see', async () => {
    expect(await studios(visitor)).toEqual({ channels: [], creators: [] });
    const first = await feature(users.mod!, { channel: shown });
    expect(first.statusCode).toBe(201);
    expect((await feature(users.adm!, { username: 'cat' })).statusCode).toBe(201);
    for (const client of [visitor, ...Object.values(users)]) {
      const page = await studios(client);
      expect(page.channels.map((c) => c.channel.display_name)).toEqual(['Space loops']);
      expect(page.creators.map((c) => c.creator.username)).toEqual(['cat']);
      expect(page.creators[0]!.creator.email).toBeUndefined();
    }
    // Featured twice: refused, nothing added.
    const again = await feature(users.adm!, { channel: shown });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'already_featured' } });
    expect((await studios(visitor)).channels).toHaveLength(1);
  });

  it('refuses anyone but staff, changing nothing', async () => {
    const before = await studios(visitor);
    const id = before.channels[0]!.feature_id;
    const anonymous = await feature(visitor, { username: 'ann' });
    expect(anonymous.statusCode).toBe(401);
    expect((await unfeature(visitor, id)).statusCode).toBe(401);
    for (const name of ['ann', 'ben', 'cat']) {
      const tried = await feature(users[name]!, { username: 'ann' });
      expect(tried.statusCode, name).toBe(403);
      expect(tried.json(), name).toMatchObject({ error: { code: 'forbidden' } });
      expect((await unfeature(users[name]!, id)).statusCode, name).toBe(403);
    }
    expect(await studios(visitor)).toEqual(before);
  });

  it('features nothing hidden or unknown, and refuses bad input with a stable code', async () => {
    const before = await studios(visitor);
    const cases: [object, number, string][] = [
      [{ channel: hidden }, 404, 'channel_not_found'],
      [{ channel: 99_999 }, 404, 'channel_not_found'],
      [{ username: 'nobody_here' }, 404, 'not_found'],
      [{ channel: shown, username: 'cat' }, 400, 'invalid_request'],
      [{ channel: '1' }, 400, 'invalid_request'],
      [{ channel: -1 }, 400, 'invalid_request'],
      [{ channel: 1e12 }, 400, 'invalid_request'],
      [{ username: '../admin' }, 400, 'invalid_request'],
      [{ username: 'x'.repeat(10_000) }, 400, 'invalid_request'],
      [[], 400, 'invalid_request'],
      [{}, 400, 'invalid_request'],
    ];
    for (const [body, status, code] of cases) {
      const response = await feature(users.adm!, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(response.json()).toMatchObject({ error: { code } });
    }
    expect((await unfeature(users.adm!, 'abc')).statusCode).toBe(400);
    expect((await unfeature(users.adm!, 99_999)).statusCode).toBe(404);
    expect((await visitor.get('/api/v1/studios/?page=2')).statusCode).toBe(400);
    expect(await studios(visitor)).toEqual(before);
  });

  it('drops a channel that becomes hidden and a channel that is deleted; unfeatures on request', async () => {
    await users.cat!.request({
      method: 'PATCH',
      url: `/api/v4/channels/${shown}/`,
      body: { is_visible: false },
    });
    expect((await studios(visitor)).channels).toEqual([]);
    await users.cat!.request({
      method: 'PATCH',
      url: `/api/v4/channels/${shown}/`,
      body: { is_visible: true },
    });
    expect((await studios(visitor)).channels).toHaveLength(1);
    expect(
      (await users.cat!.request({ method: 'DELETE', url: `/api/v4/channels/${shown}/` }))
        .statusCode,
    ).toBe(200);
    expect((await studios(visitor)).channels).toEqual([]);
    const creator = (await studios(visitor)).creators[0]!;
    expect((await unfeature(users.mod!, creator.feature_id)).statusCode).toBe(204);
    expect(await studios(visitor)).toEqual({ channels: [], creators: [] });
  });
});
