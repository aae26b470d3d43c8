import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from './gif-rows.ts';
import { pathVariants, routesOf } from './route-list.ts';
import { signedInUsers } from './signed-in-users.ts';
import type { SiteClient } from './site-client.ts';
import { startTestJiffy, type TestJiffy } from './test-jiffy.ts';
import { TENOR_PATHS } from '../src/modules/tenor/tenor.routes.ts';

// Every route Jiffy serves, fed hostile path segments, query parameters and bodies (JSON, and
// multipart that is not) by a signed-in moderator with a valid key (so requests get past the
// door to the code behind it).
// What a caller must never see is a 5xx, or a public API error outside its dialect's envelope
// (GIPHY's `meta.error_code`, or Tenor's `error.details[0].reason` on Tenor's paths).
const segments = [
  'x',
  'gif1',
  'x'.repeat(3000),
  '%ff%fe',
  '%C0%80',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%22%3C',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '-1',
  '99999999999999999999',
  '%20',
  '__proto__',
  'constructor',
];
const parameters = [
  'q',
  'limit',
  'offset',
  'rating',
  'lang',
  'ids',
  'gif_id',
  'tag',
  's',
  'url',
  'maxwidth',
  'maxheight',
  'format',
  'sort',
  'type',
  'bundle',
  'fields',
  'random_id',
  'username',
  'status',
  'analytics_response_payload',
  'action_type',
  'page',
  'cursor',
  'user_id',
  'theme',
  'id',
  'next_cursor',
  'since',
];
/** Tenor's own parameters, fed to Tenor's routes only (the walk grows with every parameter). */
const tenorParameters = [
  'pos',
  'media_filter',
  'contentfilter',
  'searchfilter',
  'ar_range',
  'random',
  'locale',
  'country',
  'client_key',
];
const tenorPaths: ReadonlySet<string> = new Set(TENOR_PATHS);
const parameterValues = [
  '',
  'x'.repeat(3000),
  '%ff',
  'a%00',
  '-1',
  '1e309',
  'NaN',
  '0x10',
  'undefined',
  'null',
  '%25',
  '__proto__',
  '%F0%9F%98%80',
  '%27',
  '%7B%22a%22%3A1%7D',
  'images.original.url,,,',
  '@',
  '@x',
  '*',
];
const bodyFields = [
  'login',
  'password',
  'email',
  'username',
  'display_name',
  'description',
  'title',
  'tags',
  'rating',
  'source_image_url',
  'source_post_url',
  'link',
  'text',
  'gif_id',
  'reason',
  'code',
  'token',
  'name',
  'website_url',
  'is_public',
  'is_sticker',
  'alt_text',
  'lang',
  'api_key',
  'events',
  'category',
  'action',
  'label',
  'page',
  'gifs',
  'items',
  'trending_story',
  'publish_datetime',
  'trending_datetime',
  'cover_gif_id',
];
/** Text PostgreSQL cannot store (U+0000, a lone surrogate): refused as bad input wherever sent. */
export const UNSTORABLE_TEXT = ['a\u0000b', '\ud800'] as const;
const bodyValues: unknown[] = [
  null,
  -1,
  2 ** 60,
  true,
  '',
  ' ',
  'x'.repeat(70_000),
  [],
  [[]],
  {},
  { a: { b: [] } },
  ['a', 1, null],
  ...UNSTORABLE_TEXT,
  { 'k\u0000': 1 },
  '\u202e',
  'a,b,,,,c',
  '__proto__',
  'javascript:alert(1)',
  'http://127.0.0.1:5432/',
  'http://[::1]/',
  'file:///etc/passwd',
];
/** Bodies that say they are multipart and are not: no boundary, cut off inside a part. */
const malformedForms = [
  { what: 'multipart without a boundary', type: 'multipart/form-data', payload: '--b\r\n' },
  {
    what: 'multipart cut off',
    type: 'multipart/form-data; boundary=b',
    payload: '--b\r\ncontent-disposition: form-data; name="file"; filename="a.gif"\r\n\r\nGIF8',
  },
].map(({ what, type, payload }) => ({
  what,
  form: { payload: Buffer.from(payload), headers: { 'content-type': type } },
}));
const bodies: unknown[] = [
  [],
  {},
  ...bodyValues.map((value) => Object.fromEntries(bodyFields.map((field) => [field, value]))),
];
/**
 * Each body as the JSON `inject` would send for it (same bytes, same content type), encoded
 * once rather than twice at each of its hundreds of requests: the long string's is 2.4 MB.
 */
const jsonBodies = bodies.map((body) => {
  const json = JSON.stringify(body);
  return {
    what: json.slice(0, 60),
    form: { payload: Buffer.from(json), headers: { 'content-type': 'application/json' } },
  };
});

/** An answer of the walk: its status, and its body decoded only when a check reads it. */
interface Answer {
  statusCode: number;
  body(): string;
}

/**
 * Sends one request of the walk and waits for the whole answer. The body is kept as it came
 * and decoded only when read: few answers are (the public API's errors, the failures), while
 * some are megabytes (Swagger UI's script, the OpenAPI document) sent hundreds of times each.
 */
async function answerTo(
  client: SiteClient,
  request: Parameters<SiteClient['request']>[0],
): Promise<Answer> {
  const response = await client.request({ ...request, payloadAsStream: true });
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  let body: string | undefined;
  return {
    statusCode: response.statusCode,
    body: () => (body ??= Buffer.concat(chunks).toString()),
  };
}

/**
 * The walk over one share of the routes: every `shards`-th route from the `shard`-th (0-based),
 * in the router's order. Each share is its own test file, so the walk, which grows with every
 * route, runs in parallel and no file outlasts its timeout.
 */
export function hostileInputWalk(shard: number, shards: number): void {
  describe(`every route, fed hostile input (share ${shard + 1} of ${shards})`, () => {
    let t: TestJiffy;
    let moderator: SiteClient;
    beforeAll(async () => {
      t = await startTestJiffy({
        API_RATE_LIMIT_PER_MINUTE: '100000000',
        SITE_RATE_LIMIT_PER_MINUTE: '100000000',
        SITE_RATE_LIMIT_TOTAL_PER_MINUTE: '100000000',
      });
      await insertGifRow(t.jiffy.services.gifRepository, {
        id: 'gif1',
        title: 'Cat',
        tags: ['cat'],
      });
      moderator = (await signedInUsers(t, [['moderator', 'moderator']])).moderator!;
    });
    afterAll(() => t.stop());

    it('answers 4xx in its surface’s envelope, never 5xx', async () => {
      const allRoutes = routesOf(t.jiffy.app.printRoutes({ commonPrefix: false }));
      expect(allRoutes.length).toBeGreaterThan(60);
      const routes = allRoutes.filter((_, index) => index % shards === shard);
      const failures: string[] = [];
      const expectAnswered = (
        what: string,
        response: Answer,
        isPublicApi = /^\/v[12]\//.test(what.split(' ')[1]!),
        /** The route is Tenor's (a variant's path may be written another way). */
        tenor = tenorPaths.has(what.split(' ')[1]!.split('?')[0]!),
      ) => {
        const body =
          response.statusCode < 400 || !isPublicApi
            ? {}
            : (JSON.parse(response.body()) as {
                meta?: { error_code?: unknown };
                error?: { details?: { reason?: unknown }[] };
              });
        const enveloped =
          response.statusCode < 400 ||
          !isPublicApi ||
          typeof (tenor ? body.error?.details?.[0]?.reason : body.meta?.error_code) === 'string';
        if (response.statusCode >= 500 || !enveloped)
          failures.push(
            `${what.slice(0, 160)} → ${response.statusCode} ${response.body().slice(0, 160)}`,
          );
      };
      let requests = 0;
      for (const { path, methods } of routes) {
        if (path.includes('logout')) continue; // would end the moderator's session
        const paths = /[:*]/.test(path)
          ? segments.map((segment) => path.replace(/:\w+|\*/g, segment))
          : [path];
        const isPublic = /^\/v[12]\//.test(path);
        for (const method of methods) {
          for (const [index, concrete] of paths.entries()) {
            // Tenor's dialect names the key `key`.
            const url = `${concrete}?api_key=${t.apiKey}&key=${t.apiKey}`;
            if (method !== 'GET') {
              for (const { what, form } of jsonBodies) {
                const response = await answerTo(moderator, { method, url, form });
                expectAnswered(`${method} ${url} ${what}`, response);
                requests++;
              }
              for (const { what, form } of index === 0 ? malformedForms : []) {
                expectAnswered(
                  `${method} ${url} ${what}`,
                  await answerTo(moderator, { method, url, form }),
                );
                requests++;
              }
              continue;
            }
            // Every parameter's hostile values on the route's first path; the others bare.
            const queries =
              index > 0
                ? ['']
                : [...parameters, ...(tenorPaths.has(path) ? tenorParameters : [])].flatMap(
                    (name) => [
                      ...parameterValues.map((value) => `&${name}=${value}`),
                      `&${name}=a&${name}=b`,
                      `&${name}[]=a`,
                      `&${name}[a]=b`,
                    ],
                  );
            for (const query of queries) {
              expectAnswered(
                `GET ${url}${query}`,
                await answerTo(moderator, { url: `${url}${query}` }),
              );
              requests++;
            }
          }
          // The route's path written other ways (%-encoded letters, doubled slashes, case...):
          // those the router sends to this route answer in its surface's envelope too.
          for (const variant of pathVariants(paths[0]!)) {
            const url = `${variant}?api_key=${t.apiKey}&key=${t.apiKey}`;
            const inputs: { form?: (typeof jsonBodies)[number]['form']; query: string }[] =
              method === 'GET'
                ? ['', '&q=%ff', '&limit=-1', '&ids=__proto__'].map((query) => ({ query }))
                : jsonBodies.slice(0, 4).map(({ form }) => ({ form, query: '' }));
            for (const { form, query } of inputs) {
              const response = await answerTo(moderator, { method, url: `${url}${query}`, form });
              const reachedRoute = response.statusCode !== 404;
              expectAnswered(
                `${method} ${url}${query}`,
                response,
                isPublic && reachedRoute,
                tenorPaths.has(path),
              );
              requests++;
            }
          }
        }
      }
      expect(requests).toBeGreaterThan(30_000 / shards);
      expect(failures).toEqual([]);
    }, 300_000);
  });
}
