import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

interface PublicError {
  data: null;
  meta: { status: number; msg: string; response_id: string; error_code: string };
}

// URLs are outside input like any other: one that PostgreSQL could not take, or that does not
// decode, is a 400 in the surface's own envelope and leaves nothing behind.
describe('hostile URLs', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    // One visitor's search is enough to trend here: the test is about what gets counted.
    t = await startTestJiffy({ TRENDING_SEARCH_MIN_VISITORS: '1' });
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'cat1', title: 'Cat', tags: ['cat'] });
  });
  afterAll(() => t.stop());

  const get = (url: string) => {
    const sep = url.includes('?') ? '&' : '?';
    return t.jiffy.app.inject(`${url}${sep}api_key=${t.apiKey}`);
  };

  it('refuses NUL in any part of a public API URL, and counts no search for it', async () => {
    const urls = [
      '/v1/gifs/search?q=cat%00',
      '/v1/gifs/search?q=%40cat%00lover',
      '/v1/gifs/search?q=cat&lang=en%00',
      '/v1/stickers/search?q=cat&unknown_parameter=%00',
      '/v1/gifs/search/tags?q=ca%00',
      '/v1/channels/search?q=cat%00',
      '/v1/gifs/translate?s=cat%00',
      '/v1/gifs/random?tag=cat%00',
      '/v1/tags/related/cat%00',
      '/v1/gifs/categories/cat%00',
      '/v1/gifs/categories/cat%00/funny',
      '/v1/gifs/cat1%00',
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<PublicError>().meta, url).toMatchObject({
        status: 400,
        error_code: 'invalid_request',
        msg: 'URL: NUL characters (U+0000, %00) are not accepted',
      });
    }
    const badKey = await t.jiffy.app.inject(`/v1/gifs/search?q=cat&api_key=${t.apiKey}%00`);
    expect(badKey.statusCode).toBe(400);

    // Trending searches still answer, with only what could be searched for.
    await get('/v1/gifs/search?q=cat');
    const trending = await get('/v1/trending/searches');
    expect(trending.statusCode).toBe(200);
    expect(trending.json<{ data: string[] }>().data).toEqual(['cat']);
  });

  it('refuses NUL in a site URL in the site’s envelope', async () => {
    const response = await t.jiffy.app.inject('/api/v1/users/cat%00lover/');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('answers a path that does not decode with a 400 in the surface’s envelope', async () => {
    const publicApi = await get('/v1/tags/related/%ff');
    expect(publicApi.statusCode).toBe(400);
    const body = publicApi.json<PublicError>();
    expect(body.meta).toMatchObject({
      status: 400,
      error_code: 'invalid_request',
      msg: 'The URL does not decode: a %-escape in its path is not UTF-8.',
    });
    expect(body.meta.response_id).toMatch(/^[0-9a-f]{24}$/);
    expect(publicApi.headers['x-request-id']).toBe(body.meta.response_id);

    const site = await t.jiffy.app.inject('/api/v1/users/%ff/');
    expect(site.statusCode).toBe(400);
    expect(site.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('answers a path segment longer than any route takes with 414 uri_too_long in the surface’s envelope', async () => {
    const long = 'x'.repeat(5000);
    const publicApi = await get(`/v1/gifs/${long}`);
    expect(publicApi.statusCode).toBe(414);
    const body = publicApi.json<PublicError>();
    expect(body).toEqual({
      data: null,
      meta: {
        status: 414,
        error_code: 'uri_too_long',
        msg: 'The URL is too long: a part of its path is over 100 characters.',
        response_id: publicApi.headers['x-request-id'],
      },
    });
    expect(body.meta.response_id).toMatch(/^[0-9a-f]{24}$/);

    // The site's API, in its own envelope; the message names the problem, not the long path.
    const site = await t.jiffy.app.inject(`/api/v1/users/${long}/`);
    expect(site.statusCode).toBe(414);
    expect(site.json()).toEqual({
      error: {
        code: 'uri_too_long',
        message: 'The URL is too long: a part of its path is over 100 characters.',
        request_id: site.headers['x-request-id'],
      },
    });
    // At the router's limit the route still takes it, and answers as for any unknown GIF.
    const atLimit = await get(`/v1/gifs/${'x'.repeat(100)}`);
    expect(atLimit.json<PublicError>().meta.error_code).not.toBe('uri_too_long');
  });
});
