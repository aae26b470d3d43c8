import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { readOutbox, type SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix, signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string } };
type GifBody = { data: { url: string; images: Record<string, { url?: string }> } };

describe('e-mailing a GIF from its share panel (POST /ajax/instashare/)', () => {
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  let wave: string;

  const send = (client: SiteClient, body: object, csrf?: 'omit') =>
    client.request({ method: 'POST', url: '/ajax/instashare/', body, ...(csrf ? { csrf } : {}) });
  const code = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.code;
  const mailsTo = async (to: string) => (await readOutbox(t.dataDir)).filter((m) => m.to === to);

  beforeAll(async () => {
    t = await startTestJiffy();
    ({ users, visitor } = await permissionMatrix(t));
    const bytes = await animatedImage({ width: 120, height: 80, frames: 3 });
    const form = multipart({ title: 'Waving cat' }, { name: 'w.gif', bytes, type: 'image/gif' });
    const uploaded = await users['ann']!.request({ method: 'POST', url: '/api/v1/uploads', form });
    wave = uploaded.json<{ data: { id: string } }>().data.id;
    await t.waitForGif(wave);
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, { id: 'busy', status: 'processing', user_id: 'idann' });
    await insertGifRow(gifs, { id: 'gone', status: 'removed', user_id: 'idann' });
  }, 60_000);
  afterAll(() => t.stop());

  it('mails the still, the page, the animation and the embed code, for anyone signed in', async () => {
    const gif = (await visitor.get(`/v1/gifs/${wave}?api_key=${t.apiKey}`)).json<GifBody>().data;
    for (const [who, client] of Object.entries(users)) {
      const to = `friend-of-${who}@example.net`;
      const response = await send(client, { gif_id: wave, to: ` ${to} ` });
      expect([who, response.statusCode]).toEqual([who, 201]);
      expect(response.json()).toEqual({ data: { gif_id: wave, to, status: 'sent' } });
      const [mail, ...more] = await mailsTo(to);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`${who.toUpperCase()} sent you a GIF: Waving cat`);
      expect(mail!.text).toContain(`${who.toUpperCase()} (@${who}) shared a GIF with you`);
      expect(mail!.text).toContain(gif.url);
      expect(mail!.text).toContain(`Still picture: ${gif.images['original_still']!.url}`);
      expect(mail!.text).toContain(`Animated GIF: ${gif.images['original']!.url}`);
      expect(mail!.text).toMatch(new RegExp(`<iframe src="[^"]*/embed/${wave}"`));
    }
    // Each mail counts as an e-mail share of the GIF.
    expect(await t.jiffy.services.shares.countsOf(wave)).toEqual({ email: 5 });
    // A visitor who is not signed in may not make the instance mail anyone.
    const refused = await send(visitor, { gif_id: wave, to: 'stranger@example.net' });
    expect([refused.statusCode, code(refused)]).toEqual([401, 'not_signed_in']);
    expect(await mailsTo('stranger@example.net')).toEqual([]);
  });

  it('refuses bad input with a clear 4xx and mails nobody', async () => {
    const before = (await readOutbox(t.dataDir)).length;
    const ann = users['ann']!;
    const refusals: [object, number, string][] = [
      [{ gif_id: 'nosuchgif', to: 'a@example.net' }, 404, 'gif_not_found'],
      [{ gif_id: 'gone', to: 'a@example.net' }, 404, 'gif_not_found'],
      [{ gif_id: 'busy', to: 'a@example.net' }, 404, 'gif_not_found'],
      [{ gif_id: 'bad id', to: 'a@example.net' }, 400, 'invalid_request'],
      [{ gif_id: wave }, 400, 'invalid_request'],
      [{ gif_id: wave, to: 'not an address' }, 400, 'invalid_request'],
      [{ gif_id: wave, to: 'a@example.net\r\nBcc: b@example.net' }, 400, 'invalid_request'],
      [{ gif_id: wave, to: `${'a'.repeat(250)}@example.net` }, 400, 'invalid_request'],
      [{ gif_id: wave, to: ['a@example.net', 'b@example.net'] }, 400, 'invalid_request'],
      [{ gif_id: wave, to: 'a@example.net', message: 'buy now' }, 400, 'invalid_request'],
    ];
    for (const [body, status, errorCode] of refusals) {
      const response = await send(ann, body);
      expect([body, response.statusCode, code(response)]).toEqual([body, status, errorCode]);
    }
    // A state-changing site call: without the CSRF echo it is refused.
    const noCsrf = await send(ann, { gif_id: wave, to: 'a@example.net' }, 'omit');
    expect([noCsrf.statusCode, code(noCsrf)]).toEqual([403, 'csrf_failed']);
    expect((await readOutbox(t.dataDir)).length).toBe(before);
    expect(await t.jiffy.services.shares.countsOf(wave)).toEqual({ email: 5 });
  });

  it('limits mails per sender and per recipient, whoever sends', async () => {
    const { dan, eve } = await signedInUsers(t, [
      ['dan', 'user'],
      ['eve', 'user'],
    ]);
    for (let i = 0; i < 20; i++)
      expect((await send(dan!, { gif_id: wave, to: `pal${i}@example.net` })).statusCode).toBe(201);
    const tooMany = await send(dan!, { gif_id: wave, to: 'pal20@example.net' });
    expect([tooMany.statusCode, code(tooMany)]).toEqual([429, 'too_many_attempts']);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await mailsTo('pal20@example.net')).toEqual([]);

    // Ten mails a day to one address from everyone together; the address's case does not matter.
    const senders = [users['ben']!, users['cat']!, eve!];
    for (let i = 0; i < 10; i++) {
      const to = i % 2 ? 'Popular@Example.net' : 'popular@example.net';
      expect((await send(senders[i % 3]!, { gif_id: wave, to })).statusCode).toBe(201);
    }
    const flooded = await send(users['adm']!, { gif_id: wave, to: 'POPULAR@example.net' });
    expect([flooded.statusCode, code(flooded)]).toEqual([429, 'too_many_attempts']);
    expect((await send(users['adm']!, { gif_id: wave, to: 'other@example.net' })).statusCode).toBe(
      201,
    );
  });
});
