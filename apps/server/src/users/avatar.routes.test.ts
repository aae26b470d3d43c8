import { avatarVariantUrl } from '@jiffy/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../testing/fixtures.ts';
import type { SiteClient } from '../testing/site-client.ts';
import { signedInUsers } from '../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';

describe('avatars', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  beforeAll(async () => {
    t = await startTestJiffy();
    users = await signedInUsers(t, [
      ['ann', 'user'],
      ['ben', 'user'],
    ]);
  });
  afterAll(() => t.stop());

  const avatarOf = async (id: string) =>
    (await t.jiffy.app!.inject(`/api/v1/users/${id}/`)).json<{ data: { avatar_url: string } }>()
      .data.avatar_url;

  /** GETs a media URL and reads the image's size and frame count. */
  async function fetchImage(url: string) {
    const response = await t.jiffy.app!.inject(new URL(url).pathname);
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
    return t.jiffy.app!.inject({
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

  it('takes an animated upload and serves its 80h, 200h and 200w variants', async () => {
    const bytes = await animatedImage({ width: 300, height: 200, frames: 3 });
    const response = await putAvatar(users.ann!, 'idann', bytes);
    expect(response.statusCode).toBe(200);
    const url = response.json<{ data: { avatar_url: string } }>().data.avatar_url;
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
    expect(await avatarOf('idann')).toBe(before);
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
