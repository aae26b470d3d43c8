import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../testing/free-port.ts';
import {
  LAN_INBOX,
  startRemoteFediverse,
  type RemoteFediverse,
} from '../../../testing/remote-fediverse.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type Json = Record<string, unknown>;

/** Waits until `check` passes (a remote's inbox hears of things through the job queue). */
async function eventually(check: () => void | Promise<void>, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('federation: actors, follows and hostile remotes', () => {
  let t: TestJiffy;
  let remote: RemoteFediverse;
  let origin: string;
  let users: Record<string, SiteClient>;
  let channelId: number;
  let channelActor: string;
  let hiddenId: number;

  const followersOf = async (actor: string) =>
    (
      await t.jiffy.database.db
        .selectFrom('federation_followers')
        .selectAll()
        .where('actor', '=', actor)
        .execute()
    ).map((row) => ({ remote: row.remote_actor, status: row.status }));

  beforeAll(async () => {
    const [port, remotePort] = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${port}`;
    remote = await startRemoteFediverse({ port: remotePort });
    t = await startTestJiffy({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      FEDERATION: 'on',
      FEDERATION_ALLOW_HOSTS: `127.0.0.1:${remotePort}`,
      FEDERATION_INBOX_PER_MINUTE: '40',
      JOB_RETRY_DELAY_SECONDS: '0',
    });
    await t.jiffy.listen();
    ({ users } = await permissionMatrix(t));
    const made = await users.ann!.post('/api/v4/channels/', { display_name: 'Cats' });
    expect(made.statusCode).toBe(201);
    channelId = made.json<{ data: { id: number } }>().data.id;
    channelActor = `${origin}/ap/actors/c-${channelId}`;
    const hidden = await users.ann!.post('/api/v4/channels/', { display_name: 'Secret' });
    hiddenId = hidden.json<{ data: { id: number } }>().data.id;
    await users.ann!.request({
      method: 'PATCH',
      url: `/api/v4/channels/${hiddenId}/`,
      body: { is_visible: false },
    });
  });
  afterAll(async () => {
    await t?.stop();
    await remote?.stop();
  });

  const get = (path: string, accept = 'application/activity+json') =>
    fetch(new URL(path, origin), { headers: { accept } });

  it('finds creators and public channels by WebFinger, and nothing hidden', async () => {
    const host = new URL(origin).host;
    expect(await remote.webfinger(origin, `ann@${host}`)).toBe(`${origin}/ap/actors/u-idann`);
    expect(await remote.webfinger(origin, `ann.cats@${host}`)).toBe(channelActor);
    for (const account of [`ann.secret@${host}`, `nobody@${host}`, `ann.cats@elsewhere.example`]) {
      const url = `/.well-known/webfinger?resource=${encodeURIComponent(`acct:${account}`)}`;
      expect((await get(url, 'application/jrd+json')).status).toBe(404);
    }
  });

  it('serves a creator as a Person and a channel as a Group, each with its key', async () => {
    const person = (await (await get('/ap/actors/u-idann')).json()) as Json;
    expect(person).toMatchObject({
      type: 'Person',
      preferredUsername: 'ann',
      inbox: `${origin}/ap/actors/u-idann/inbox`,
      followers: `${origin}/ap/actors/u-idann/followers`,
      outbox: `${origin}/ap/actors/u-idann/outbox`,
    });
    expect(JSON.stringify(person.publicKey)).toContain('BEGIN PUBLIC KEY');
    const group = (await (await get(`/ap/actors/c-${channelId}`)).json()) as Json;
    expect(group).toMatchObject({ type: 'Group', preferredUsername: 'ann.cats' });
    // The key is made once and kept: asking again shows the same one.
    const again = (await (await get(`/ap/actors/c-${channelId}`)).json()) as Json;
    expect(again.publicKey).toEqual(group.publicKey);
    expect((await get(`/ap/actors/c-${hiddenId}`)).status).toBe(404);
    expect((await get('/ap/actors/u-nobody')).status).toBe(404);
    expect((await get('/ap/actors/x-1')).status).toBe(404);
  });

  it('describes the instance with NodeInfo', async () => {
    const links = (await (await get('/.well-known/nodeinfo', 'application/json')).json()) as {
      links: { href: string }[];
    };
    const info = (await (await fetch(links.links[0]!.href)).json()) as Json;
    expect(info).toMatchObject({ software: { name: 'jiffy' }, protocols: ['activitypub'] });
  });

  it('accepts a Follow, lists the follower, and forgets it on Undo', async () => {
    const followId = await remote.follow('remote', channelActor);
    expect(await followersOf(`c-${channelId}`)).toEqual([
      { remote: remote.actorUrl('remote'), status: 'accepted' },
    ]);
    await eventually(() => {
      const accept = remote.received().find((a) => a.type === 'Accept');
      expect(accept).toMatchObject({ actor: channelActor });
    });
    const followers = (await (await get(`/ap/actors/c-${channelId}/followers`)).json()) as Json;
    expect(followers.totalItems).toBe(1);
    await remote.unfollow('remote', channelActor, followId);
    expect(await followersOf(`c-${channelId}`)).toEqual([]);
  });

  it('holds a Follow for approval when the channel asks for it, until the owner approves', async () => {
    const settings = await users.ann!.request({
      method: 'PATCH',
      url: `/api/v1/federation/actors/c-${channelId}`,
      body: { manually_approves_followers: true },
    });
    expect(settings.statusCode).toBe(200);
    const before = remote.received().filter((a) => a.type === 'Accept').length;
    await remote.follow('remote', channelActor);
    expect(await followersOf(`c-${channelId}`)).toEqual([
      { remote: remote.actorUrl('remote'), status: 'pending' },
    ]);
    const list = await users.ann!.get(`/api/v1/federation/actors/c-${channelId}/followers`);
    const [waiting] = list.json<{ data: { followers: { id: number; status: string }[] } }>().data
      .followers;
    expect(waiting).toMatchObject({ status: 'pending', host: remote.host });
    const approved = await users.ann!.post(
      `/api/v1/federation/actors/c-${channelId}/followers/${waiting!.id}/approve`,
      {},
    );
    expect(approved.json<{ data: { status: string } }>().data.status).toBe('accepted');
    await eventually(() =>
      expect(remote.received().filter((a) => a.type === 'Accept').length).toBe(before + 1),
    );
    await users.ann!.request({
      method: 'PATCH',
      url: `/api/v1/federation/actors/c-${channelId}`,
      body: { manually_approves_followers: false },
    });
  });

  it('forgets a remote actor that deleted itself', async () => {
    await remote.follow('mallory', channelActor);
    expect((await followersOf(`c-${channelId}`)).map((f) => f.remote)).toContain(
      remote.actorUrl('mallory'),
    );
    const gone = remote.actorUrl('mallory');
    const answer = await remote.post(`${channelActor}/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${gone}#delete`,
      type: 'Delete',
      actor: gone,
      object: gone,
    });
    expect(answer.status).toBe(202);
    expect((await followersOf(`c-${channelId}`)).map((f) => f.remote)).not.toContain(gone);
  });

  describe('hostile remotes: each refused with a 4xx, nothing stored', () => {
    const inbox = () => `${channelActor}/inbox`;
    const follow = (actor: string) => ({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${actor}#follows/${crypto.randomUUID()}`,
      type: 'Follow',
      actor,
      object: channelActor,
    });
    let before: { remote: string; status: string }[];
    beforeAll(async () => {
      before = await followersOf(`c-${channelId}`);
    });
    const nothingStored = async () => expect(await followersOf(`c-${channelId}`)).toEqual(before);

    it('a signature that does not match the body', async () => {
      const answer = await remote.post(inbox(), follow(remote.actorUrl('mallory')), {
        tamper: true,
      });
      expect(answer.status).toBe(401);
      await nothingStored();
    });

    it('no signature at all', async () => {
      const answer = await remote.post(inbox(), follow(remote.actorUrl('mallory')), {
        unsigned: true,
      });
      expect(answer.status).toBe(401);
      await nothingStored();
    });

    it("a forged actor: signed with another actor's key", async () => {
      const answer = await remote.post(inbox(), follow(remote.actorUrl('remote')), {
        signer: 'mallory',
      });
      expect(answer.status).toBe(401);
      await nothingStored();
    });

    it('a body past the cap', async () => {
      const huge = { ...follow(remote.actorUrl('mallory')), summary: 'x'.repeat(300 * 1024) };
      const answer = await remote.post(inbox(), huge);
      expect(answer.status).toBe(413);
      await nothingStored();
    });

    it('a malformed activity', async () => {
      for (const body of ['{not json', '[1, 2]', '{"no": "type"}']) {
        const answer = await remote.post(inbox(), body, { signer: 'mallory' });
        expect(answer.status, body).toBe(400);
      }
      const noObject = { ...follow(remote.actorUrl('mallory')), object: undefined };
      expect((await remote.post(inbox(), noObject)).status).toBeGreaterThanOrEqual(400);
      expect((await remote.post(inbox(), noObject)).status).toBeLessThan(500);
      await nothingStored();
    });

    it('an actor whose inbox points inside the network', async () => {
      const answer = await remote.post(inbox(), follow(remote.actorUrl('lan')));
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('url_not_allowed');
      expect(LAN_INBOX).toContain('169.254.169.254');
      await nothingStored();
    });

    it('an actor (and its key) on an address inside the network', async () => {
      // Its key would have to be fetched from there: the guard refuses, so nothing verifies.
      const inside = 'http://169.254.169.254/users/admin';
      const answer = await remote.post(inbox(), follow(inside), {
        signer: 'mallory',
        keyId: `${inside}#main-key`,
      });
      expect(answer.status).toBe(401);
      await nothingStored();
    });

    it('a blocked host, refused until it is unblocked', async () => {
      const blocked = await users.adm!.post('/api/v1/federation/blocked-hosts', {
        host: remote.host,
      });
      expect(blocked.statusCode).toBe(201);
      const answer = await remote.post(inbox(), follow(remote.actorUrl('mallory')));
      expect(answer.status).toBe(403);
      expect(answer.body).toContain('remote_host_blocked');
      await nothingStored();
      const unblocked = await users.adm!.request({
        method: 'DELETE',
        url: `/api/v1/federation/blocked-hosts/${encodeURIComponent(remote.host)}`,
      });
      expect(unblocked.statusCode).toBe(204);
    });

    it('a flood: past its activities a minute, a host gets 429', async () => {
      let status = 0;
      for (let i = 0; i < 60 && status !== 429; i++) {
        status = (await remote.post(inbox(), '{not json', { signer: 'mallory' })).status;
      }
      expect(status).toBe(429);
      await nothingStored();
    });
  });
});
