import { describe, expect, it } from 'vitest';
import { PublicAPIError, ResponseError } from './errors.ts';
import { buildUrl, requestJson, type RequestOptions } from './request.ts';

function options(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const opts: RequestOptions = {
    serverUrl: 'http://jiffy.test/',
    apiKey: 'key1',
    sdkName: 'JavascriptSDK',
    sdkVersion: '0.1.0',
    fetch: (input, init = {}) => {
      const url = input instanceof Request ? input.url : input.toString();
      calls.push({ url, init });
      return Promise.resolve(respond(url, init));
    },
  };
  return { opts, calls };
}

describe('requestJson (SDK headers and errors)', () => {
  it('builds the URL with the key and skips empty values', () => {
    expect(buildUrl('http://a/', '/v1/gifs/search', { q: 'cat', lang: '', x: undefined })).toBe(
      'http://a/v1/gifs/search?q=cat',
    );
  });

  it('sends the SDK headers and parses JSON', async () => {
    const { opts, calls } = options(() => Response.json({ data: [1] }));
    await expect(requestJson(opts, '/v1/gifs/trending', { limit: 2 })).resolves.toEqual({
      data: [1],
    });
    expect(calls[0]?.url).toBe('http://jiffy.test/v1/gifs/trending?api_key=key1&limit=2');
    expect(calls[0]?.init.headers).toMatchObject({
      'X-GIPHY-SDK-Name': 'JavascriptSDK',
      'X-GIPHY-SDK-Version': '0.1.0',
    });
  });

  it('treats 204 as success', async () => {
    const { opts } = options(() => new Response(null, { status: 204 }));
    await expect(requestJson(opts, '/v2/pingback')).resolves.toBeUndefined();
  });

  it('throws ResponseError with the parsed meta on non-2xx', async () => {
    const { opts } = options(() =>
      Response.json(
        { meta: { status: 401, msg: 'No API key found', error_code: 'invalid_api_key' } },
        { status: 401, statusText: 'Unauthorized' },
      ),
    );
    const error = await requestJson(opts, '/v1/gifs/trending').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).status).toBe(401);
    expect((error as ResponseError).code).toBe('invalid_api_key');
    expect((error as ResponseError).message).toBe('No API key found');
  });

  it('throws `Error parsing json for {url}` on a 2xx body that is not JSON', async () => {
    const { opts } = options(() => new Response('<html>', { status: 200 }));
    await expect(requestJson(opts, '/v1/gifs/trending')).rejects.toThrow(
      'Error parsing json for http://jiffy.test/v1/gifs/trending?api_key=key1',
    );
  });

  it('throws PublicAPIError when the request never gets an answer', async () => {
    const { opts } = options(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(requestJson(opts, '/v1/gifs/trending')).rejects.toBeInstanceOf(PublicAPIError);
  });
});
