import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../testing/free-port.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startRemoteFediverse, type RemoteFediverse } from '../../../testing/remote-fediverse.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

async function eventually(check: () => void | Promise<void>, timeoutMs = 20_000): Promise<void> {
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

// Delivery on the job queue: one job per activity and inbox, a dead server retried without
// holding up a live one, and nothing sent twice however often the sync or a job runs again.
describe('federation delivery', () => {
  let t: TestJiffy;
  let remote: RemoteFediverse;
  let deadInbox: string;
  let users: Record<string, SiteClient>;
  let actor: string;

  const deliveries = () =>
    t.jiffy.database.db
      .selectFrom('federation_deliveries')
      .selectAll()
      .where('actor', '=', actor)
      .orderBy('id')
      .execute();
  const follower = (remoteActor: string, inbox: string) =>
    t.jiffy.database.db
      .insertInto('federation_followers')
      .values({
        actor,
        remote_actor: remoteActor,
        remote_handle: null,
        inbox,
        shared_inbox: null,
        remote_host: new URL(inbox).host,
        follow_id: `${remoteActor}#follow`,
        status: 'accepted',
        accepted_at: new Date(Date.now() - 60_000),
      })
      .execute();

  beforeAll(async () => {
    const [port, remotePort, deadPort] = [await freePort(), await freePort(), await freePort()];
    remote = await startRemoteFediverse({ port: remotePort });
    // Nothing listens there: every delivery to it fails to connect.
    deadInbox = `http://127.0.0.1:${deadPort}/inbox`;
    t = await startTestJiffy({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      FEDERATION: 'on',
      FEDERATION_ALLOW_HOSTS: `127.0.0.1:${remotePort},127.0.0.1:${deadPort}`,
      FEDERATION_SYNC_SECONDS: '3600',
      JOB_RETRY_DELAY_SECONDS: '0',
    });
    await t.jiffy.listen();
    ({ users } = await permissionMatrix(t));
    const made = await users.ann!.post('/api/v4/channels/', { display_name: 'Loops' });
    actor = `c-${made.json<{ data: { id: number } }>().data.id}`;
    await follower('https://dead.example/users/gone', deadInbox);
    await follower(remote.actorUrl('remote'), `${remote.origin}/users/remote/inbox`);
  });
  afterAll(async () => {
    await t?.stop();
    await remote?.stop();
  });

  it('delivers to a live inbox while a dead one is retried, and never twice', async () => {
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'loopGif1',
      title: 'Loop',
      renditions_complete: true,
    });
    const channelId = Number(actor.slice(2));
    await users.ann!.post('/api/v4/channel-gifs/', { channel: channelId, gif: 'loopGif1' });
    const { sync, deliveries: sender } = await t.jiffy.services.federation.runtime();
    await sync.sync();

    await eventually(() => {
      expect(remote.received().filter((a) => a.type === 'Create')).toHaveLength(1);
    });
    await eventually(async () => {
      const rows = await deliveries();
      const dead = rows.find((row) => row.inbox === deadInbox)!;
      // Retried with the queue's backoff (no delay in tests), each attempt recorded.
      expect(dead.attempts).toBeGreaterThanOrEqual(2);
      expect(dead.delivered_at).toBeNull();
      expect(dead.last_error).toMatch(/reach/);
    });
    const live = (await deliveries()).find((row) => row.inbox !== deadInbox)!;
    expect(live.delivered_at).not.toBeNull();

    // The post is in the actor's outbox, and its Note can be fetched by its id.
    const origin = t.jiffy.config.publicUrl;
    const activityJson = { accept: 'application/activity+json' };
    const outbox = await (
      await fetch(`${origin}/ap/actors/${actor}/outbox`, { headers: activityJson })
    ).text();
    expect(outbox).toContain('Loop');
    const create = remote.received().find((a) => a.type === 'Create')!;
    const noteId = (create.object as { id: string }).id;
    const note = (await (await fetch(noteId, { headers: activityJson })).json()) as {
      type: string;
    };
    expect(note.type).toBe('Note');

    // The sync again, and the job again: nothing new to record, nothing sent again.
    const before = (await deliveries()).length;
    await sync.sync();
    expect(await deliveries()).toHaveLength(before);
    expect(await sender.deliver(live.id)).toBe('skipped');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(remote.received().filter((a) => a.type === 'Create')).toHaveLength(1);
  });

  it('sends nothing to a blocked host, and nothing once a follower is gone', async () => {
    const blocked = await users.adm!.post('/api/v1/federation/blocked-hosts', {
      host: new URL(remote.origin).host,
    });
    expect(blocked.statusCode).toBe(201);
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'loopGif2',
      title: 'Loop 2',
      renditions_complete: true,
    });
    const channelId = Number(actor.slice(2));
    await users.ann!.post('/api/v4/channel-gifs/', { channel: channelId, gif: 'loopGif2' });
    await (await t.jiffy.services.federation.runtime()).sync.sync();
    const rows = await deliveries();
    const second = rows.filter((row) => row.body.includes('Loop 2'));
    expect(second.map((row) => row.inbox)).toEqual([deadInbox]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(remote.received().filter((a) => a.type === 'Create')).toHaveLength(1);
  });

  it("sends a creator's new public uploads to the creator's followers", async () => {
    const host = new URL(remote.origin).host;
    await users.adm!.request({
      method: 'DELETE',
      url: `/api/v1/federation/blocked-hosts/${encodeURIComponent(host)}`,
    });
    await t.jiffy.database.db
      .insertInto('federation_followers')
      .values({
        actor: 'u-idcat',
        remote_actor: remote.actorUrl('remote'),
        remote_handle: null,
        inbox: `${remote.origin}/users/remote/inbox`,
        shared_inbox: null,
        remote_host: host,
        follow_id: `${remote.actorUrl('remote')}#follow-cat`,
        status: 'accepted',
        accepted_at: new Date(Date.now() - 60_000),
      })
      .execute();
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, {
      id: 'catOwn1',
      title: 'By cat',
      user_id: 'idcat',
      renditions_complete: true,
    });
    // Unlisted: not announced.
    await insertGifRow(gifs, {
      id: 'catOwn2',
      title: 'Unlisted by cat',
      user_id: 'idcat',
      visibility: 'unlisted',
      renditions_complete: true,
    });
    await (await t.jiffy.services.federation.runtime()).sync.sync();
    await eventually(() => {
      const creates = remote.received().filter((a) => a.type === 'Create');
      expect(creates.map((a) => JSON.stringify(a.object))).toEqual(
        expect.arrayContaining([expect.stringContaining('By cat')]),
      );
    });
    const sent = JSON.stringify(remote.received());
    expect(sent).toContain('/ap/actors/u-idcat');
    expect(sent).not.toContain('Unlisted by cat');
  });

  it('announces stickers and clips as it does GIFs, and deletes what its owner deletes', async () => {
    // The previous test's follower of cat's uploads still follows.
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, {
      id: 'catSticker',
      title: 'Sticker by cat',
      type: 'sticker',
      user_id: 'idcat',
      renditions_complete: true,
    });
    await insertGifRow(gifs, {
      id: 'catClip',
      title: 'Clip by cat',
      type: 'video',
      user_id: 'idcat',
      renditions_complete: true,
    });
    const sync = async () => (await t.jiffy.services.federation.runtime()).sync.sync();
    await sync();
    const createOf = (title: string) =>
      remote
        .received()
        .find((a) => a.type === 'Create' && JSON.stringify(a.object).includes(title));
    await eventually(() => {
      expect(createOf('Sticker by cat')).toBeDefined();
      expect(createOf('Clip by cat')).toBeDefined();
    });

    // Its owner deletes the clip: every inbox its Create went to gets a Delete of that Note.
    const noteId = (createOf('Clip by cat')!.object as { id: string }).id;
    expect(
      (await users.cat!.request({ method: 'DELETE', url: '/api/v1/gifs/catClip' })).statusCode,
    ).toBe(204);
    await sync();
    await eventually(() => {
      const deletes = remote.received().filter((a) => a.type === 'Delete');
      expect(deletes.map((a) => JSON.stringify(a.object))).toEqual([
        expect.stringContaining(noteId),
      ]);
    });
    // The sticker stays announced, and is not deleted.
    expect(JSON.stringify(remote.received().filter((a) => a.type === 'Delete'))).not.toContain(
      (createOf('Sticker by cat')!.object as { id: string }).id,
    );
  });
});
