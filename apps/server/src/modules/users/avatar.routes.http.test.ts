import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { avatarVariantUrl } from '@jiffy/contracts';
import { makeMp4, writeHeavyCanvasGif } from '@jiffy/media/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { STORAGE_BACKENDS } from '../../../testing/test-s3.ts';

describe.each(STORAGE_BACKENDS)('avatars (%s storage)', (storage) => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  beforeAll(async () => {
    t = await startTestJiffy({}, { storage });
    users = await signedInUsers(t, [
      ['ann', 'user'],
      ['ben', 'user'],
    ]);
  });
  afterAll(() => t.stop());

  /** Keys of the stored files under a folder (the same on disk and in a bucket). */
  const stored = async (prefix: string) =>
    (await t.jiffy.services.storage.list(prefix)).map((blob) => blob.key);

  const avatarOf = async (id: string) =>
    (await t.jiffy.app.inject(`/api/v1/users/${id}/`)).json<{ data: { avatar_url: string } }>().data
      .avatar_url;

  /** Polls the owner's view until no avatar render is pending; resolves to that view. */
  async function settledAvatar(client: SiteClient, id: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { data } = (await client.get(`/api/v1/users/${id}/`)).json<{
        data: { avatar_url: string; avatar_pending: boolean; avatar_error: string | null };
      }>();
      if (!data.avatar_pending) return data;
      if (Date.now() > deadline) throw new Error('the avatar is still rendering');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** GETs a media URL and reads the image's size and frame count. */
  async function fetchImage(url: string) {
    const response = await t.jiffy.app.inject(new URL(url).pathname);
    if (response.statusCode !== 200) return { status: response.statusCode };
    const meta = await sharp(response.rawPayload, { animated: true }).metadata();
    return {
      status: 200,
      type: response.headers['content-type'],
      width: meta.width,
      height: meta.pageHeight ?? meta.height,
      frames: meta.pages ?? 1,
    };
  }

  function putAvatar(client: SiteClient | null, userId: string, bytes: Buffer, name = 'me.gif') {
    const form = multipart({}, { name, bytes });
    const url = `/api/v1/users/${userId}/avatar`;
    if (client) return client.request({ method: 'PUT', url, form });
    return t.jiffy.app.inject({
      method: 'PUT',
      url,
      headers: form.headers,
      payload: form.payload,
    });
  }

  it('gives a user without one a default avatar, served at every size', async () => {
    const url = await avatarOf('idann');
    expect(url).toMatch(/\/media\/avatars\/default[1-5]\.gif$/);
    expect(await fetchImage(url)).toMatchObject({ status: 200, type: 'image/gif', width: 256 });
    expect(await fetchImage(avatarVariantUrl(url, '80h'))).toMatchObject({ height: 80 });
    expect(await fetchImage(avatarVariantUrl(url, '200w'))).toMatchObject({ width: 200 });
  });

  it('takes an animated upload, renders it in a job and serves its 80h, 200h and 200w variants', async () => {
    const before = await avatarOf('idann');
    const bytes = await animatedImage({ width: 300, height: 200, frames: 3 });
    const response = await putAvatar(users.ann!, 'idann', bytes);
    // Accepted (checked like any upload), rendered by a job: the avatar changes when it is done.
    expect(response.statusCode).toBe(202);
    expect(response.json<{ data: object }>().data).toMatchObject({
      avatar_pending: true,
      avatar_url: before,
    });
    const settled = await settledAvatar(users.ann!, 'idann');
    expect(settled.avatar_error).toBeNull();
    const url = settled.avatar_url;
    expect(url).toMatch(/\/media\/avatars\/idann\/[a-f0-9]{16}\.gif$/);
    expect(await avatarOf('idann')).toBe(url);
    expect(await fetchImage(url)).toMatchObject({ width: 300, height: 200, frames: 3 });
    expect(await fetchImage(avatarVariantUrl(url, '80h'))).toMatchObject({
      width: 120,
      height: 80,
    });
    expect(await fetchImage(avatarVariantUrl(url, '200h'))).toMatchObject({
      width: 300,
      height: 200,
    });
    expect(await fetchImage(avatarVariantUrl(url, '200w'))).toMatchObject({
      width: 200,
      height: 133,
    });
  });

  it("refuses another user's avatar, an anonymous one and a broken file, changing nothing", async () => {
    const before = await avatarOf('idann');
    const bytes = await animatedImage({ width: 40, height: 40, frames: 2 });
    expect((await putAvatar(users.ben!, 'idann', bytes)).statusCode).toBe(403);
    expect((await putAvatar(null, 'idann', bytes)).statusCode).toBeGreaterThanOrEqual(401);
    const broken = await putAvatar(users.ann!, 'idann', bytes.subarray(0, 30));
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ error: { code: 'corrupt_media' } });
    const notAnImage = await putAvatar(users.ann!, 'idann', Buffer.from('hello'), 'me.txt');
    expect(notAnImage.statusCode).toBe(415);
    // A video is refused in the request, not left to fail in the render job.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-avatar-'));
    const clip = await fs.readFile(
      await makeMp4({ path: path.join(dir, 'clip.mp4'), width: 64, height: 64, seconds: 1 }),
    );
    await fs.rm(dir, { recursive: true, force: true });
    const video = await putAvatar(users.ann!, 'idann', clip, 'clip.mp4');
    expect(video.statusCode).toBe(415);
    expect(video.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    expect(await avatarOf('idann')).toBe(before);
    const view = (await users.ann!.get('/api/v1/users/idann/')).json<{ data: object }>().data;
    expect(view).toMatchObject({ avatar_pending: false });
  });

  it('refuses an avatar past the decoded-work budget at once (2048² × 120 frames in 2.8 KB)', async () => {
    const before = await avatarOf('idann');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-avatar-'));
    const file = await writeHeavyCanvasGif(path.join(dir, 'heavy.gif'), {
      width: 2048,
      height: 2048,
      frames: 120,
    });
    const bytes = await fs.readFile(file);
    await fs.rm(dir, { recursive: true, force: true });
    expect(bytes.length).toBeLessThan(3000);
    const started = performance.now();
    const response = await putAvatar(users.ann!, 'idann', bytes);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'too_much_work' } });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await avatarOf('idann')).toBe(before);
    const view = (await users.ann!.get('/api/v1/users/idann/')).json<{ data: object }>().data;
    expect(view).toMatchObject({ avatar_pending: false });
    expect(await stored('avatar-sources/idann')).toEqual([]);
  });

  it('keeps the newest of two quick uploads, and a DELETE ends a render in progress', async () => {
    const first = await animatedImage({ width: 40, height: 40, frames: 2 });
    const second = await animatedImage({ width: 60, height: 40, frames: 2, pattern: 'rings' });
    expect((await putAvatar(users.ben!, 'idben', first)).statusCode).toBe(202);
    expect((await putAvatar(users.ben!, 'idben', second)).statusCode).toBe(202);
    const settled = await settledAvatar(users.ben!, 'idben');
    expect(await fetchImage(settled.avatar_url)).toMatchObject({ width: 60, height: 40 });
    // One rendered set (its four files) is left: the newest.
    const sets = new Set((await stored('avatars/idben')).map((key) => key.split('/')[2]));
    expect(sets.size).toBe(1);

    // A render that takes a moment (2048² × 20 frames), reset while it runs.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-avatar-'));
    const slow = await fs.readFile(
      await writeHeavyCanvasGif(path.join(dir, 'slow.gif'), {
        width: 2048,
        height: 2048,
        frames: 20,
      }),
    );
    await fs.rm(dir, { recursive: true, force: true });
    expect((await putAvatar(users.ben!, 'idben', slow)).statusCode).toBe(202);
    const reset = await users.ben!.request({ method: 'DELETE', url: '/api/v1/users/idben/avatar' });
    expect(reset.json()).toMatchObject({ data: { avatar_pending: false } });
    // The job finds it was superseded when it ends: it removes its source and its files.
    const deadline = Date.now() + 30_000;
    while ((await stored('avatar-sources/idben')).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored('avatar-sources/idben')).toEqual([]);
    expect(await avatarOf('idben')).toMatch(/default[1-5]\.gif$/);
    expect(await stored('avatars/idben')).toEqual([]);
  });

  it('goes back to a default on DELETE and the old files are gone', async () => {
    const before = await avatarOf('idann');
    const response = await users.ann!.request({
      method: 'DELETE',
      url: '/api/v1/users/idann/avatar',
    });
    expect(response.statusCode).toBe(200);
    expect(await avatarOf('idann')).toMatch(/default[1-5]\.gif$/);
    expect((await fetchImage(before)).status).toBe(404);
  });
});
