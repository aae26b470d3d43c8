import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('POST /api/v1/uploads (the site’s upload form)', () => {
  let t: TestJiffy;
  let ann: SiteClient;
  let gif: Buffer;
  beforeAll(async () => {
    t = await startTestJiffy();
    ({ ann } = (await signedInUsers(t, [
      ['ann', 'user'],
      ['ben', 'user'],
    ])) as { ann: SiteClient });
    gif = await animatedImage({ width: 120, height: 90, frames: 4 });
  });
  afterAll(() => t.stop());

  const gifCount = async () =>
    Number(
      (
        await t.jiffy.database.db
          .selectFrom('gifs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the file as the signed-in user’s; a form naming another user is refused, storing nothing', async () => {
    const before = await gifCount();
    const impersonating = await ann.request({
      method: 'POST',
      url: '/api/v1/uploads',
      form: multipart(
        { title: 'Wave hello', tags: 'wave, hello', rating: 'pg', username: 'ben' },
        { name: 'wave.gif', bytes: gif, type: 'image/gif' },
      ),
    });
    expect(impersonating.statusCode).toBe(400);
    const refusal = impersonating.json<{ error: { code: string; message: string } }>().error;
    expect(refusal.code).toBe('invalid_request');
    expect(refusal.message).toContain('username');
    expect(await gifCount()).toBe(before);

    const form = multipart(
      {
        title: 'Wave hello',
        tags: 'wave, hello',
        rating: 'pg',
        alt_text: '  A cartoon hand waves hello  ',
      },
      { name: 'wave.gif', bytes: gif, type: 'image/gif' },
    );
    const response = await ann.request({ method: 'POST', url: '/api/v1/uploads', form });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ data: { id: string } }>().data;
    expect(await t.waitForGif(id)).toBe('ready');
    expect(await t.jiffy.services.gifRepository.findById(id)).toMatchObject({
      user_id: 'idann',
      title: 'Wave hello',
      tags: ['wave', 'hello'],
      rating: 'pg',
      alt_text: 'A cartoon hand waves hello',
    });
    // The GIF object says it, as GIPHY's `alt_text`.
    const status = await ann.get(`/api/v1/uploads/${id}`);
    expect(status.json<{ data: { gif: { alt_text: string } } }>().data.gif.alt_text).toBe(
      'A cartoon hand waves hello',
    );
  });

  it('refuses a visitor who is not signed in, and a forged request, before storing anything', async () => {
    const before = await gifCount();
    const form = multipart({ title: 'x' }, { name: 'x.gif', bytes: gif });
    const anonymous = new SiteClient(t.jiffy.app);
    await anonymous.get('/login/check');
    const refused = await anonymous.request({ method: 'POST', url: '/api/v1/uploads', form });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('not_signed_in');

    const forged = await ann.request({
      method: 'POST',
      url: '/api/v1/uploads',
      form,
      csrf: 'omit',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<{ error: { code: string } }>().error.code).toBe('csrf_failed');
    expect(await gifCount()).toBe(before);
  });

  it('says what is wrong with a file that is not media, and with bad fields', async () => {
    const before = await gifCount();
    const notMedia = await ann.request({
      method: 'POST',
      url: '/api/v1/uploads',
      form: multipart({}, { name: 'notes.gif', bytes: Buffer.from('just some text, not a GIF') }),
    });
    expect(notMedia.statusCode).toBe(415);
    expect(notMedia.json<{ error: { code: string; message: string } }>().error.message).not.toBe(
      '',
    );

    const badRating = await ann.request({
      method: 'POST',
      url: '/api/v1/uploads',
      form: multipart({ rating: 'x' }, { name: 'ok.gif', bytes: gif }),
    });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.json<{ error: { message: string } }>().error.message).toMatch(/rating/);

    // Alt text is bounded like GIPHY's (500 characters) and must be text PostgreSQL can store.
    for (const altText of ['x'.repeat(501), 'A cat\u0000 asleep']) {
      const refused = await ann.request({
        method: 'POST',
        url: '/api/v1/uploads',
        form: multipart({ alt_text: altText }, { name: 'ok.gif', bytes: gif }),
      });
      expect(refused.statusCode).toBe(400);
      const error = refused.json<{ error: { code: string; message: string } }>().error;
      expect(error.code).toBe('invalid_request');
      expect(error.message).toMatch(/alt_text/);
    }
    const asJson = await ann.request({
      method: 'POST',
      url: '/api/v1/uploads',
      body: { source_image_url: 'http://example.com/a.gif', alt_text: ['not', 'text'] },
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json<{ error: { message: string } }>().error.message).toMatch(/alt_text/);
    expect(await gifCount()).toBe(before);
  });
});
