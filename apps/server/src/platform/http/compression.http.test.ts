import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../../../testing/fixtures.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const siteAssets = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@jiffy/web/dist'))),
  'assets',
);

type Answer = { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer };

/** The body as the client reads it once it has undone the Content-Encoding. */
function decoded(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.rawPayload);
  expect(encoding).toBeUndefined();
  return answer.rawPayload;
}

/**
 * The body with this response's own id (in list answers and the first-GIF pages, raw and
 * base64url) written as one placeholder, so two responses' bodies compare.
 */
function withoutResponseId(answer: Answer, body: Buffer): string {
  const id = String(answer.headers['x-request-id']);
  return body
    .toString('utf8')
    .replaceAll(id, '<id>')
    .replaceAll(Buffer.from(id).toString('base64url'), '<id>');
}

// Pages and API answers as a browser or an API client receives them when it takes brotli or
// gzip, and as one that asks for neither.
describe('compressed answers', () => {
  let t: TestJiffy;
  let gifId = '';
  beforeAll(async () => {
    t = await startTestJiffy();
    gifId = await t.uploadAndWait(
      { name: 'a.gif', bytes: await animatedImage({ width: 64, height: 48, frames: 3 }) },
      // Every rendition made: pages and answers name them, so one made between the plain and
      // the compressed request would tell the two apart.
      { title: 'a compressed cat', tags: 'cat' },
    );
    // Enough trending GIFs that the answer is well past the threshold.
    for (let i = 0; i < 12; i++) {
      await insertGifRow(t.jiffy.services.gifRepository, {
        id: `trend${String(i).padStart(2, '0')}`,
        title: `Trending cat ${i}`,
        trending_at: new Date(Date.now() - i * 1000),
        ready_at: new Date(),
      });
    }
    await t.jiffy.services.users.insert({
      id: 'u_ada',
      username: 'ada',
      display_name: 'Ada',
      description: '',
      is_verified: false,
      role: 'creator',
    });
  }, 60_000);
  afterAll(() => t.stop());

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    t.jiffy.app.inject({
      url,
      headers: {
        accept: url.startsWith('/v1/') ? 'application/json' : 'text/html',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...headers,
      },
    });
  const trending = () => `/v1/gifs/trending?api_key=${t.apiKey}`;

  const asked = [
    { acceptEncoding: 'br', sent: 'br' },
    { acceptEncoding: 'gzip', sent: 'gzip' },
    // Both offered: brotli, whatever the order.
    { acceptEncoding: 'gzip, br', sent: 'br' },
    { acceptEncoding: 'gzip, deflate, br, zstd', sent: 'br' },
    { acceptEncoding: 'br;q=0, gzip', sent: 'gzip' },
    { acceptEncoding: 'deflate', sent: undefined },
    { acceptEncoding: undefined, sent: undefined },
  ];
  const answers = [
    { name: 'trending JSON (GIPHY dialect)', url: trending, type: 'application/json' },
    { name: 'a Tenor search', url: () => `/v2/search?q=cat&key=${t.apiKey}`, type: 'json' },
    { name: 'the home page', url: () => '/', type: 'text/html' },
    { name: 'a GIF page', url: () => `/gifs/${gifId}`, type: 'text/html' },
    // Answered by the not-found handler (no route names a channel), compressed all the same.
    { name: 'a channel page', url: () => '/ada', type: 'text/html' },
    { name: 'the embed player page', url: () => `/embed/${gifId}`, type: 'text/html' },
  ];

  describe.each(answers)('$name', ({ url, type }) => {
    it.each(asked)(
      'Accept-Encoding: $acceptEncoding gets $sent, the same content',
      async ({ acceptEncoding, sent }) => {
        const identity = await get(url());
        const answer = await get(url(), acceptEncoding);
        expect(identity.statusCode).toBe(200);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toContain(type);
        expect(answer.headers['content-encoding']).toBe(sent);
        // Every variant says it has others: a shared cache keeps them apart.
        expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
        if (sent) expect(answer.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
        expect(withoutResponseId(answer, decoded(answer))).toBe(
          withoutResponseId(identity, identity.rawPayload),
        );
      },
    );
  });

  it('sends the same bytes over a real connection, with their length', async () => {
    const origin = await t.jiffy.listen();
    const { headers, body } = await new Promise<{
      headers: http.IncomingHttpHeaders;
      body: Buffer;
    }>((resolve, reject) => {
      http
        .get(`${origin}${trending()}`, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(headers['content-encoding']).toBe('br');
    expect(Number(headers['content-length'])).toBe(body.length);
    const answer = JSON.parse(zlib.brotliDecompressSync(body).toString()) as { data: unknown[] };
    expect(answer.data).toHaveLength(13);
  });

  it('answers a HEAD with the headers of a GET it describes, without the body', async () => {
    const head = await t.jiffy.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(String(head.headers.vary).toLowerCase()).toContain('accept-encoding');
    // The length it gives is that of the body in the encoding it names.
    const encoding = head.headers['content-encoding'];
    const body = await get('/', encoding === undefined ? undefined : String(encoding));
    expect(head.headers['content-length']).toBe(String(body.rawPayload.length));
  });

  it('still answers 304 to a conditional request, whichever encoding it takes', async () => {
    const first = await get(trending(), 'br');
    const etag = String(first.headers.etag);
    // A weak ETag: the brotli, gzip and plain bodies are the same content.
    expect(etag).toMatch(/^W\//);
    expect((await get(trending())).headers.etag).toBe(etag);
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const again = await get(trending(), acceptEncoding, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
  });

  it('leaves a tiny answer as it is', async () => {
    const empty = await get(`/v1/gifs/search?q=nothingmatchesthis&api_key=${t.apiKey}`, 'gzip, br');
    expect(empty.statusCode).toBe(200);
    expect(empty.rawPayload.length).toBeLessThan(1024);
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(empty.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('sends media as it is stored, whole or by range', async () => {
    const file = `/media/${gifId}/original.gif`;
    const plain = await get(file);
    const asked = await get(file, 'gzip, br');
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('image/gif');
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.rawPayload.equals(plain.rawPayload)).toBe(true);
    const range = await get(file, 'gzip, br', { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.rawPayload.equals(plain.rawPayload.subarray(0, 100))).toBe(true);
  });

  it('sends a built asset precompressed once, not compressed again', async () => {
    const page = await get('/about');
    const chunk = /src="\/assets\/(index-[\w-]+\.js)"/.exec(page.body)![1]!;
    for (const [acceptEncoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const asset = await get(`/assets/${chunk}`, acceptEncoding);
      expect(asset.headers['content-encoding']).toBe(acceptEncoding);
      expect(asset.rawPayload.equals(fs.readFileSync(path.join(siteAssets, chunk + suffix)))).toBe(
        true,
      );
    }
  });
});
