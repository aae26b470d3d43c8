import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportReasons } from '@jiffy/contracts';
import { animatedImage } from '../apps/server/testing/fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/testing/free-port.ts';
import { insertGifRow } from '../apps/server/testing/gif-rows.ts';
import { permissionMatrix } from '../apps/server/testing/signed-in-users.ts';
import type { SiteClient } from '../apps/server/testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { nodeChildEnv } from './support/server-process.ts';

const REMOTE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/testing/remote-fediverse-process.ts',
);

type Activity = {
  type: string;
  id?: string;
  actor?: string;
  object?: Json;
};
type Json = Record<string, unknown>;

/** Polls `find` until it answers something, within `timeoutMs`. */
async function waitFor<T>(find: () => Promise<T | undefined>, what: string, timeoutMs = 20_000) {
  const start = Date.now();
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() - start > timeoutMs) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The whole path a follower on another server sees: another ActivityPub server, a process of
// its own with its own keys and store (a small Fedify application), finds a Jiffy channel by
// WebFinger, follows it, receives a new GIF as a Note whose attachments play, sees an edit and a
// takedown arrive, and unfollows.
describe('federation with another ActivityPub server', () => {
  let t: TestJiffy;
  let remote: ChildProcess;
  let control: string;
  let origin: string;
  let users: Record<string, SiteClient>;
  let channel: { id: number; actor: string; handle: string };

  const ask = async <T>(method: 'GET' | 'POST', command: string, body?: Json): Promise<T> => {
    const response = await fetch(`${control}${command}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${command}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const received = () => ask<Activity[]>('GET', '/received');
  const arrived = (type: string, about?: string) =>
    waitFor(async () => {
      const all = await received();
      return all.find(
        (a) => a.type === type && (!about || JSON.stringify(a.object ?? {}).includes(about)),
      );
    }, `${type} at the remote server`);

  beforeAll(async () => {
    const [port, remotePort, controlPort] = [await freePort(), await freePort(), await freePort()];
    origin = `http://127.0.0.1:${port}`;
    control = `http://127.0.0.1:${controlPort}`;
    remote = spawn(process.execPath, [REMOTE, String(remotePort), String(controlPort)], {
      env: { ...process.env, ...nodeChildEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      remote.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('remote fediverse listening')) resolve();
      });
      remote.on('exit', (code) => reject(new Error(`remote server exited (${code})`)));
    });
    t = await startTestJiffy({
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      FEDERATION: 'on',
      // The remote server is on loopback: the one address the guard lets through, on purpose.
      FEDERATION_ALLOW_HOSTS: `127.0.0.1:${remotePort}`,
      FEDERATION_SYNC_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '0',
    });
    await t.jiffy.listen();
    ({ users } = await permissionMatrix(t));
    const made = await users.ann!.post('/api/v4/channels/', { display_name: 'Cats' });
    const id = made.json<{ data: { id: number } }>().data.id;
    channel = { id, actor: `${origin}/ap/actors/c-${id}`, handle: `ann.cats@127.0.0.1:${port}` };
  }, 60_000);
  afterAll(async () => {
    remote?.kill('SIGTERM');
    await t?.stop();
  });

  it('follows a channel, gets its new GIF, the edit and the takedown, and unfollows', async () => {
    const { actor } = await ask<{ actor: string }>('POST', '/webfinger', {
      server: origin,
      account: channel.handle,
    });
    expect(actor).toBe(channel.actor);
    const { followId } = await ask<{ followId: string }>('POST', '/follow', { actor });
    const accept = await arrived('Accept');
    expect(accept.actor).toBe(channel.actor);
    const listed = async () =>
      (await users.ann!.get(`/api/v1/federation/actors/c-${channel.id}/followers`)).json<{
        data: { followers: { actor: string; status: string }[] };
      }>().data.followers;
    expect(await listed()).toMatchObject([{ status: 'accepted' }]);

    // A new GIF in the channel goes out as a Note with its MP4 and GIF attached.
    const gifId = await t.uploadAndWait(
      { name: 'wave.gif', bytes: await animatedImage({ width: 64, height: 48, frames: 4 }) },
      { title: 'Waving cat', tags: 'cat,wave' },
    );
    const added = await users.ann!.post('/api/v4/channel-gifs/', {
      channel: channel.id,
      gif: gifId,
    });
    expect(added.statusCode).toBeLessThan(300);
    const create = await arrived('Create');
    const note = create.object!;
    expect(note).toMatchObject({ type: 'Note', attributedTo: channel.actor });
    expect(String(note.url)).toContain(gifId);
    expect(String(note.content)).toContain('Waving cat');
    const attachments = note.attachment as Json[];
    expect(attachments.map((a) => a.mediaType).sort()).toEqual(['image/gif', 'video/mp4']);
    for (const attachment of attachments) {
      expect(attachment).toMatchObject({ type: 'Document', width: 64, height: 48 });
      const bytes = Buffer.from(await (await fetch(String(attachment.url))).arrayBuffer());
      if (attachment.mediaType === 'image/gif')
        expect(bytes.subarray(0, 4).toString()).toBe('GIF8');
      else expect(bytes.subarray(4, 8).toString()).toBe('ftyp');
    }

    // An edit is an Update of the same Note.
    const edit = await users.adm!.post('/ajax/gif/update', {
      gif_id: gifId,
      key: 'title',
      value: 'Waving kitten',
    });
    expect(edit.statusCode).toBe(200);
    const update = await arrived('Update', 'Waving kitten');
    expect(update.object!.id).toBe(note.id);

    // A takedown is a Delete of it.
    const takedown = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: gifId,
      reason: reportReasons[0][0],
    });
    expect(takedown.statusCode).toBe(200);
    const removed = await arrived('Delete');
    expect(JSON.stringify(removed.object)).toContain(String(note.id));

    // Unfollowed: no longer listed, and sent nothing more.
    await ask('POST', '/unfollow', { actor, followId });
    expect(await listed()).toEqual([]);
    const before = (await received()).length;
    await insertGifRow(t.jiffy.services.gifRepository, {
      id: 'laterGif1',
      title: 'Later',
      renditions_complete: true,
    });
    await users.ann!.post('/api/v4/channel-gifs/', { channel: channel.id, gif: 'laterGif1' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await received()).length).toBe(before);
  }, 90_000);
});
