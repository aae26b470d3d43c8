import fs from 'node:fs/promises';
import path from 'node:path';
import { makeMp4, makePng, writeHostileFiles, type HostileFile } from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// Point 7 and the standards' "every input from outside is hostile": each bad upload gets a 4xx
// with a stable code, and leaves no GIF row, no stored blob and no temp file behind.
describe('POST /v1/gifs refuses bad input and changes nothing', () => {
  let t: TestJiffy;
  let gif: Buffer;
  let hostile: Record<string, HostileFile>;
  let fixtures: string;

  beforeAll(async () => {
    t = await startTestJiffy({ MAX_UPLOAD_BYTES: '400000', MAX_DURATION_SECONDS: '2' });
    fixtures = path.join(t.dataDir, 'fixtures');
    await fs.mkdir(fixtures);
    hostile = await writeHostileFiles(fixtures);
    gif = await animatedImage({ width: 64, height: 48, frames: 3 });
  });
  afterAll(() => t.stop());

  const post = (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
    t.jiffy.app.inject({ method: 'POST', url: '/v1/gifs', ...multipart(fields, file) });

  async function expectRefused(
    response: Awaited<ReturnType<typeof post>>,
    status: number,
    code: string,
  ): Promise<void> {
    expect(response.statusCode).toBe(status);
    const body = response.json<{
      data: unknown;
      meta: { status: number; msg: string; error_code: string; response_id: string };
    }>();
    expect(body.meta).toMatchObject({ status, error_code: code });
    expect(body.meta.msg.length).toBeGreaterThan(5);
    expect(body.meta.response_id).not.toBe('');
    expect(await t.jiffy.services.gifRepository.countByStatusAndType()).toEqual([]);
    await expect(fs.readdir(path.join(t.dataDir, 'media'))).rejects.toThrow();
    const uploads = await fs.readdir(path.join(t.dataDir, 'tmp', 'uploads')).catch(() => []);
    expect(uploads).toEqual([]);
  }

  const file = async (p: string, name = path.basename(p)) => ({
    name,
    bytes: await fs.readFile(p),
  });

  it('refuses crediting another channel: with the default key, or another user’s key', async () => {
    const users = t.jiffy.services.users;
    await users.insert({ id: 'u-victim', username: 'victim', display_name: 'Victim' });
    await users.insert({ id: 'u-other', username: 'other', display_name: 'Other' });
    const othersKey = (await t.jiffy.services.apiKeys.create('u-other', 'mine')).key;
    for (const key of [t.apiKey, othersKey])
      await expectRefused(
        await post({ api_key: key, username: 'victim' }, { name: 'a.gif', bytes: gif }),
        403,
        'forbidden',
      );
  });

  it.each([
    ['giantScreen', 422, 'dimensions_too_large'],
    ['manyFrames', 422, 'too_many_frames'],
    ['truncated', 422, 'corrupt_media'],
    ['randomBytes', 415, 'unsupported_media_type'],
    ['empty', 422, 'corrupt_media'],
  ])('%s → %i %s', async (name, status, code) => {
    const hostileFile = hostile[name]!;
    expect(hostileFile.expectedCode).toBe(code);
    await expectRefused(
      await post({ api_key: t.apiKey }, await file(hostileFile.path)),
      status,
      code,
    );
  });

  it('refuses a file whose name claims another format', async () => {
    const png = await makePng({ path: path.join(fixtures, 'real.png'), width: 40, height: 30 });
    await expectRefused(
      await post({ api_key: t.apiKey }, await file(png, 'looks-like.gif')),
      415,
      'media_type_mismatch',
    );
  });

  it('refuses formats it does not host', async () => {
    await expectRefused(
      await post(
        { api_key: t.apiKey },
        { name: 'notes.txt', bytes: Buffer.from('hello, not a gif') },
      ),
      415,
      'unsupported_media_type',
    );
  });

  it('refuses an upload over MAX_UPLOAD_BYTES while receiving it', async () => {
    const big = { name: 'big.gif', bytes: Buffer.concat([gif, Buffer.alloc(500_000, 7)]) };
    await expectRefused(await post({ api_key: t.apiKey }, big), 413, 'file_too_large');
  });

  it('refuses a video longer than MAX_DURATION_SECONDS', async () => {
    const mp4 = await makeMp4({
      path: path.join(fixtures, 'long.mp4'),
      width: 64,
      height: 48,
      seconds: 3,
    });
    await expectRefused(
      await post({ api_key: t.apiKey }, await file(mp4)),
      422,
      'duration_too_long',
    );
  });

  it('requires a valid api_key', async () => {
    await expectRefused(await post({}, { name: 'a.gif', bytes: gif }), 401, 'api_key_required');
    await expectRefused(
      await post({ api_key: 'nope' }, { name: 'a.gif', bytes: gif }),
      401,
      'api_key_invalid',
    );
    await expectRefused(
      await post({ api_key: 'x'.repeat(5000) }, { name: 'a.gif', bytes: gif }),
      400,
      'invalid_request',
    );
  });

  it('requires a file or a URL, in the field GIPHY names', async () => {
    await expectRefused(await post({ api_key: t.apiKey }), 400, 'missing_file');
    await expectRefused(
      await post({ api_key: t.apiKey }, { name: 'a.gif', bytes: gif, field: 'image' }),
      400,
      'missing_file',
    );
  });

  it.each([
    ['is_sticker', 'maybe'],
    ['rating', 'nc-17'],
    ['title', 'x'.repeat(141)],
    ['alt_text', 'x'.repeat(501)],
    ['alt_text', 'A cat\u0000 asleep'],
    ['tags', Array.from({ length: 31 }, (_, i) => `tag${i}`).join(',')],
    ['tags', 'y'.repeat(65)],
    ['username', 'no spaces allowed'],
    ['username', 'nobody_here'],
    ['source_post_url', 'javascript:alert(1)'],
    ['source_image_url', 'not a url'],
    ['lang', 'english'],
    ['lang', "en'; drop table gifs; --"],
    ['title', 'Cat\u0000'],
    ['tags', 'cat,\u0000dog'],
  ])('refuses %s=%j', async (field, value) => {
    await expectRefused(
      await post({ api_key: t.apiKey, [field]: value }, { name: 'a.gif', bytes: gif }),
      400,
      'invalid_request',
    );
  });

  it('refuses a JSON body with wrong types', async () => {
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: `/v1/gifs?api_key=${t.apiKey}`,
      payload: { source_image_url: ['http://example.com/a.gif'], tags: { a: 1 } },
    });
    await expectRefused(response, 400, 'invalid_request');
  });

  it('refuses NUL characters anywhere in a JSON body, saying where', async () => {
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: `/v1/gifs?api_key=${t.apiKey}`,
      payload: {
        source_image_url: 'http://example.com/a.gif',
        title: 'ok',
        extra: { 'k\u0000': 1 },
      },
    });
    await expectRefused(response, 400, 'invalid_request');
    expect(response.json<{ meta: { msg: string } }>().meta.msg).toBe(
      'extra: NUL characters (U+0000, %00) are not accepted',
    );
  });

  // Multipart fields are UTF-8, which cannot carry a lone surrogate; JSON's \ud800 escape can.
  it('refuses a lone UTF-16 surrogate anywhere in a JSON body, saying where', async () => {
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: `/v1/gifs?api_key=${t.apiKey}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"source_image_url":"http://example.com/a.gif","title":"Cat \\ud83d"}',
    });
    await expectRefused(response, 400, 'invalid_request');
    expect(response.json<{ meta: { msg: string } }>().meta.msg).toMatch(
      /^title: unpaired UTF-16 surrogates/,
    );
  });

  it('refuses a body nested a hundred thousand deep without running out of stack', async () => {
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: `/v1/gifs?api_key=${t.apiKey}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"title":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    await expectRefused(response, 400, 'invalid_request');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: `/v1/gifs?api_key=${t.apiKey}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"source_image_url": ',
    });
    await expectRefused(response, 400, 'invalid_request');
  });
});
