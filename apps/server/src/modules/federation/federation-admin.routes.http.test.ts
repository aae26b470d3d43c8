import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Answer = { statusCode: number; json: <T>() => T };
const code = (r: Answer) => r.json<{ error: { code: string } }>().error.code;

// Who may see and approve an actor's remote followers (its owner and staff), and block hosts
// (admins); and what bad input gets: a clear 4xx, nothing changed.
describe('/api/v1/federation/', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let channel: string;

  /** A follow of `actor` waiting for approval, as an inbox would have stored it. */
  const pending = async (actor: string, n: number) =>
    (
      await t.jiffy.database.db
        .insertInto('federation_followers')
        .values({
          actor,
          remote_actor: `https://social.example/users/fan${n}`,
          remote_handle: `fan${n}@social.example`,
          inbox: `https://social.example/users/fan${n}/inbox`,
          shared_inbox: null,
          remote_host: 'social.example',
          follow_id: `https://social.example/follows/${n}`,
          status: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const statusOf = async (id: number) =>
    (
      await t.jiffy.database.db
        .selectFrom('federation_followers')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.status;
  const blockedHosts = async () =>
    (await t.jiffy.database.db.selectFrom('federation_blocked_hosts').select('host').execute()).map(
      (row) => row.host,
    );

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    const made = await users.ann!.post('/api/v4/channels/', { display_name: 'Loops' });
    channel = `c-${made.json<{ data: { id: number } }>().data.id}`;
  });
  afterAll(() => t.stop());

  it('shows an actor’s followers to its owner, moderators and admins only', async () => {
    await pending(channel, 1);
    const expected = { visitor: 401, ann: 200, ben: 403, cat: 403, mod: 200, adm: 200 };
    for (const [who, status] of Object.entries(expected)) {
      const client = who === 'visitor' ? visitor : users[who]!;
      const response = await client.get(`/api/v1/federation/actors/${channel}/followers`);
      expect(response.statusCode, who).toBe(status);
    }
    const listed = await users.ann!.get(`/api/v1/federation/actors/${channel}/followers`);
    expect(listed.json<{ data: unknown }>().data).toMatchObject({
      actor: channel,
      manually_approves_followers: false,
      followers: [{ handle: 'fan1@social.example', host: 'social.example', status: 'pending' }],
    });
    // A creator's own actor is theirs in the same way.
    expect((await users.cat!.get('/api/v1/federation/actors/u-idcat/followers')).statusCode).toBe(
      200,
    );
    expect((await users.ann!.get('/api/v1/federation/actors/u-idcat/followers')).statusCode).toBe(
      403,
    );
  });

  it('lets the owner and staff approve a waiting follower; nobody else changes it', async () => {
    for (const who of ['visitor', 'ben', 'cat'] as const) {
      const id = await pending(channel, 10 + who.length);
      const client = who === 'visitor' ? visitor : users[who]!;
      const response = await client.post(
        `/api/v1/federation/actors/${channel}/followers/${id}/approve`,
        {},
      );
      expect(response.statusCode, who).toBe(who === 'visitor' ? 401 : 403);
      expect(await statusOf(id), who).toBe('pending');
      await t.jiffy.database.db.deleteFrom('federation_followers').where('id', '=', id).execute();
    }
    for (const who of ['ann', 'mod', 'adm'] as const) {
      const id = await pending(channel, 20 + who.length);
      const response = await users[who]!.post(
        `/api/v1/federation/actors/${channel}/followers/${id}/approve`,
        {},
      );
      expect(response.statusCode, who).toBe(200);
      expect(await statusOf(id), who).toBe('accepted');
      await t.jiffy.database.db.deleteFrom('federation_followers').where('id', '=', id).execute();
    }
  });

  it('lets the owner and staff choose whether follows wait, and remove a follower', async () => {
    const url = `/api/v1/federation/actors/${channel}`;
    const body = { manually_approves_followers: true };
    for (const who of ['ben', 'cat'] as const)
      expect((await users[who]!.request({ method: 'PATCH', url, body })).statusCode).toBe(403);
    expect((await visitor.request({ method: 'PATCH', url, body })).statusCode).toBe(401);
    const changed = await users.ann!.request({ method: 'PATCH', url, body });
    expect(changed.json<{ data: unknown }>().data).toEqual({
      actor: channel,
      manually_approves_followers: true,
    });
    const id = await pending(channel, 30);
    const remove = (client: SiteClient) =>
      client.request({ method: 'DELETE', url: `${url}/followers/${id}` });
    expect((await remove(users.ben!)).statusCode).toBe(403);
    expect(await statusOf(id)).toBe('pending');
    expect((await remove(users.mod!)).statusCode).toBe(204);
    expect(await statusOf(id)).toBeUndefined();
  });

  it('lets admins alone block and unblock hosts', async () => {
    const block = (client: SiteClient) =>
      client.post('/api/v1/federation/blocked-hosts', { host: 'Spam.Example' });
    for (const who of ['ann', 'ben', 'cat', 'mod'] as const) {
      expect((await block(users[who]!)).statusCode, who).toBe(403);
      expect((await users[who]!.get('/api/v1/federation/blocked-hosts')).statusCode).toBe(403);
    }
    expect((await block(visitor)).statusCode).toBe(401);
    expect(await blockedHosts()).toEqual([]);
    const blocked = await block(users.adm!);
    expect([blocked.statusCode, blocked.json<{ data: { host: string } }>().data.host]).toEqual([
      201,
      'spam.example',
    ]);
    expect((await block(users.adm!)).statusCode).toBe(201);
    expect(await blockedHosts()).toEqual(['spam.example']);
    const unblock = (client: SiteClient) =>
      client.request({ method: 'DELETE', url: '/api/v1/federation/blocked-hosts/spam.example' });
    expect((await unblock(users.mod!)).statusCode).toBe(403);
    expect((await unblock(users.adm!)).statusCode).toBe(204);
    expect(await blockedHosts()).toEqual([]);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const ann = users.ann!;
    const adm = users.adm!;
    const bad: [Answer, number, string][] = [
      [await ann.get('/api/v1/federation/actors/nobody/followers'), 400, 'invalid_request'],
      [await ann.get('/api/v1/federation/actors/c-0/followers'), 400, 'invalid_request'],
      [await ann.get('/api/v1/federation/actors/c-99999/followers'), 404, 'not_found'],
      [await ann.get(`/api/v1/federation/actors/${channel}/followers?x=1`), 400, 'invalid_request'],
      [
        await ann.post(`/api/v1/federation/actors/${channel}/followers/abc/approve`, {}),
        400,
        'invalid_request',
      ],
      [
        await ann.post(`/api/v1/federation/actors/${channel}/followers/999999/approve`, {}),
        404,
        'remote_follower_not_found',
      ],
      [
        await ann.request({
          method: 'PATCH',
          url: `/api/v1/federation/actors/${channel}`,
          body: { manually_approves_followers: 'yes' },
        }),
        400,
        'invalid_request',
      ],
      [
        await ann.request({
          method: 'PATCH',
          url: `/api/v1/federation/actors/${channel}`,
          body: { manually_approves_followers: true, extra: 1 },
        }),
        400,
        'invalid_request',
      ],
      [await adm.post('/api/v1/federation/blocked-hosts', {}), 400, 'invalid_request'],
      [await adm.post('/api/v1/federation/blocked-hosts', { host: 42 }), 400, 'invalid_request'],
      [
        await adm.post('/api/v1/federation/blocked-hosts', { host: 'http://spam.example/' }),
        400,
        'invalid_request',
      ],
      [
        await adm.post('/api/v1/federation/blocked-hosts', { host: 'a'.repeat(300) }),
        400,
        'invalid_request',
      ],
      [
        await adm.request({
          method: 'DELETE',
          url: '/api/v1/federation/blocked-hosts/nope.example',
        }),
        404,
        'not_found',
      ],
    ];
    for (const [response, status, expected] of bad) {
      expect([response.statusCode, code(response)]).toEqual([status, expected]);
    }
    expect(await blockedHosts()).toEqual([]);
    const settings = await ann.get(`/api/v1/federation/actors/${channel}/followers`);
    expect(settings.json<{ data: { manually_approves_followers: boolean } }>().data).toMatchObject({
      manually_approves_followers: true,
    });
  });
});
