import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JiffyFetch, ResponseError } from '../packages/fetch-api/src/index.ts';
import type { TestJiffy } from '../apps/server/testing/test-jiffy.ts';
import { startListeningJiffy } from './support/listening-jiffy.ts';

// @jiffy/fetch-api against a real Jiffy over HTTP.
describe('@jiffy/fetch-api against Jiffy', () => {
  let t: TestJiffy;
  let origin: string;

  beforeAll(async () => {
    ({ t, origin } = await startListeningJiffy());
  });
  afterAll(async () => {
    await t.stop();
  });

  it('answers trending and search with the contracts envelope', async () => {
    const jf = new JiffyFetch(t.apiKey, { serverUrl: origin, sdkName: 'JavascriptSDK' });
    const trending = await jf.trending({ limit: 5 });
    expect(Array.isArray(trending.data)).toBe(true);
    expect(trending.pagination.offset).toBe(0);
    const search = await jf.search('nothing-matches-this', { limit: 5 });
    expect(search.data).toEqual([]);
  });

  it('throws ResponseError with the parsed meta for a bad key', async () => {
    const jf = new JiffyFetch('not-a-key', { serverUrl: origin, sdkName: 'JavascriptSDK' });
    const error = await jf.trending().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).status).toBeGreaterThanOrEqual(400);
  });

  it('answers the CORS preflight for the SDK headers', async () => {
    const response = await fetch(`${origin}/v1/gifs/trending`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://third-party.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-giphy-sdk-name,x-giphy-sdk-version',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBeTruthy();
  });
});
