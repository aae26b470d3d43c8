import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// A body that says it is multipart and is not (no boundary, cut off mid-file, a part without
// its header's end) is the sender's mistake: every route that reads a multipart form answers
// 400 `invalid_request` in its surface's envelope, and nothing is stored or left behind.
describe('malformed multipart bodies', () => {
  let t: TestJiffy;
  let ann: SiteClient;
  let gif: Buffer;
  let avatarBefore: string;
  beforeAll(async () => {
    t = await startTestJiffy();
    ann = (await signedInUsers(t, [['ann', 'user']])).ann!;
    gif = await animatedImage({ width: 64, height: 48, frames: 3 });
    avatarBefore = (await profile()).avatar_url;
  });
  afterAll(() => t.stop());

  const profile = async () =>
    (await ann.get('/api/v1/users/idann/')).json<{
      data: { avatar_pending: boolean; avatar_url: string };
    }>().data;
  const boundary = 'jiffyboundary';
  const fileHead = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.gif"\r\ncontent-type: image/gif\r\n\r\n`;
  const bodies = (): Array<{ what: string; type: string; payload: Buffer }> => [
    {
      what: 'no boundary in the header',
      type: 'multipart/form-data',
      payload: Buffer.concat([Buffer.from(fileHead), gif, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    },
    {
      what: 'cut off inside the file',
      type: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.concat([Buffer.from(fileHead), gif.subarray(0, 100)]),
    },
    {
      what: 'a part header that never ends',
      type: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="title"`),
    },
  ];

  /** Every multipart route, as its caller reaches it; the envelope's error code. */
  const routes: Array<{
    route: string;
    send: (type: string, payload: Buffer) => ReturnType<SiteClient['request']>;
    code: (body: unknown) => unknown;
  }> = [
    {
      route: 'POST /v1/gifs (GIPHY’s upload API, with a key)',
      send: (type, payload) =>
        t.jiffy.app.inject({
          method: 'POST',
          url: `/v1/gifs?api_key=${t.apiKey}`,
          headers: { 'content-type': type },
          payload,
        }),
      code: (body) => (body as { meta: { error_code: string } }).meta.error_code,
    },
    ...['POST /api/v1/uploads', 'PUT /api/v1/users/idann/avatar', 'POST /imaging/trim'].map(
      (route) => ({
        route: `${route} (signed in)`,
        send: (type: string, payload: Buffer) => {
          const [method, url] = route.split(' ') as ['POST' | 'PUT', string];
          return ann.request({ method, url, form: { payload, headers: { 'content-type': type } } });
        },
        code: (body: unknown) => (body as { error: { code: string } }).error.code,
      }),
    ),
  ];

  it('answers 400 invalid_request on every multipart route and changes nothing', async () => {
    const answers: string[] = [];
    for (const { route, send, code } of routes) {
      for (const { what, type, payload } of bodies()) {
        const response = await send(type, payload);
        answers.push(`${route}, ${what}: ${response.statusCode} ${String(code(response.json()))}`);
      }
    }
    expect(answers).toEqual(
      routes.flatMap(({ route }) =>
        bodies().map(({ what }) => `${route}, ${what}: 400 invalid_request`),
      ),
    );
    expect(await t.jiffy.services.gifRepository.countByStatusAndType()).toEqual([]);
    expect(await profile()).toMatchObject({ avatar_pending: false, avatar_url: avatarBefore });
    const leftovers = await fs.readdir(path.join(t.dataDir, 'tmp', 'uploads')).catch(() => []);
    expect(leftovers).toEqual([]);
  });

  it('still takes a well-formed form on the same route', async () => {
    const form = multipart({}, { name: 'a.gif', bytes: gif, type: 'image/gif' });
    const response = await ann.request({ method: 'POST', url: '/api/v1/uploads', form });
    expect(response.statusCode).toBe(201);
    expect(await t.jiffy.services.gifRepository.countByStatusAndType()).not.toEqual([]);
  });
});
