import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { startTenorJiffy, type ErrorBody, type TenorJiffy } from '../../../testing/tenor-corpus.ts';

// What a Tenor client gets for what it should not send: Tenor's error shape, and nothing stored.
describe('Tenor API v2 refusals', () => {
  let t: TestJiffy;
  let call: TenorJiffy['call'];
  let page: TenorJiffy['page'];
  beforeAll(async () => {
    ({ t, call, page } = await startTenorJiffy());
  });
  afterAll(() => t.stop());

  it('answers bad input in Tenor’s error shape, with the GIPHY dialect’s statuses', async () => {
    const cases: [string, string | null, number, string, string, RegExp][] = [
      ['/v2/search?q=cat', null, 401, 'UNAUTHENTICATED', 'api_key_required', /required as `key`/],
      ['/v2/search?q=cat', 'notakey', 401, 'UNAUTHENTICATED', 'api_key_invalid', /not a valid/],
      ['/v2/search?q=cat&limit=abc', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_request', /limit/],
      [
        '/v2/search?q=cat&limit=51',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /1 to 50/,
      ],
      ['/v2/search?q=cat&limit=0', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_request', /limit/],
      ['/v2/search', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_request', /q: a search/],
      [`/v2/search?q=${'a'.repeat(51)}`, t.apiKey, 414, 'INVALID_ARGUMENT', 'query_too_long', /50/],
      // However long, a term past 50 characters is the same 414 (it was a 400 past 10,000).
      [
        `/v2/search?q=${'a'.repeat(20_000)}`,
        t.apiKey,
        414,
        'INVALID_ARGUMENT',
        'query_too_long',
        /50/,
      ],
      // `q` is required where Tenor requires it.
      ['/v2/autocomplete', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_request', /q: a search/],
      [
        '/v2/search_suggestions?q=%20',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /q: a search/,
      ],
      [
        `/v2/registershare?id=gif1&q=${'a'.repeat(51)}`,
        t.apiKey,
        414,
        'INVALID_ARGUMENT',
        'query_too_long',
        /50/,
      ],
      ['/v2/search?q=cat&pos=garbage', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_cursor', /pos/],
      [
        '/v2/search?q=cat&contentfilter=none',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /contentfilter/,
      ],
      [
        '/v2/search?q=cat&media_filter=gif,png',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /media_filter/,
      ],
      [
        '/v2/search?q=cat&searchfilter=static,-static',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /exclude/,
      ],
      [
        '/v2/search?q=cat&ar_range=square',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /ar_range/,
      ],
      [
        '/v2/search?q=cat&random=yes',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /random/,
      ],
      [
        '/v2/search?q=cat&locale=%3Cscript%3E',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /locale/,
      ],
      ['/v2/posts', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_request', /ids/],
      ['/v2/posts?ids=a/b', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_request', /ids/],
      [
        `/v2/posts?ids=${Array.from({ length: 51 }, (_, i) => `g${i}`).join(',')}`,
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /50/,
      ],
      ['/v2/registershare?id=nosuchgif', t.apiKey, 404, 'NOT_FOUND', 'gif_not_found', /No GIF/],
      ['/v2/registershare', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_request', /id/],
      ['/v2/categories?type=popular', t.apiKey, 400, 'INVALID_ARGUMENT', 'invalid_request', /type/],
      [
        '/v2/trending_terms?limit=-1',
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /limit/,
      ],
    ];
    for (const [url, key, status, name, reason, message] of cases) {
      const { status: got, body } = await call<ErrorBody>(url, key);
      expect([url, got]).toEqual([url, status]);
      expect(body.error).toMatchObject({ code: status, status: name });
      expect(body.error.details[0]!.reason).toBe(reason);
      expect([url, body.error.message]).toEqual([url, expect.stringMatching(message)]);
    }
  });

  it('refuses a cursor edited or taken from another list', async () => {
    const first = await page('/v2/search?q=cat&limit=2');
    const other = await call<ErrorBody>(`/v2/search?q=dog&pos=${encodeURIComponent(first.next)}`);
    expect([other.status, other.body.error.details[0]!.reason]).toEqual([400, 'invalid_cursor']);
    const stricter = await call<ErrorBody>(
      `/v2/search?q=cat&limit=2&contentfilter=high&pos=${encodeURIComponent(first.next)}`,
    );
    expect(stricter.status).toBe(400);
    const [payload, signature] = first.next.split('.');
    const edited = Buffer.from(JSON.stringify([0, null, ''])).toString('base64url');
    const forged = await call<ErrorBody>(`/v2/search?q=cat&pos=${edited}.${signature}`);
    expect(forged.status).toBe(400);
    expect(payload).not.toBe(edited);
  });

  it('stores no share for a bad key, and leaves GIPHY’s /v2 paths as they were', async () => {
    const count = async () =>
      Number(
        (
          await t.jiffy.database.db
            .selectFrom('pingback_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('gif_id', '=', 'cat2')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await call('/v2/registershare?id=cat2', 'wrongkey')).status).toBe(401);
    expect(await count()).toBe(before);
    expect((await call('/v2/registershare?id=cat2')).status).toBe(200);
    expect(await count()).toBe(before + 1);

    const emoji = await t.jiffy.app.inject(`/v2/emoji?api_key=${t.apiKey}`);
    expect(emoji.json<{ meta: { status: number } }>().meta.status).toBe(200);
    const missing = await t.jiffy.app.inject(`/v2/nosuchthing?api_key=${t.apiKey}`);
    expect(missing.json<{ meta: { error_code: string } }>().meta.error_code).toBe('not_found');
    const pingback = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v2/pingback',
      payload: { events: [] },
    });
    expect(pingback.statusCode).toBe(200);
    // The GIPHY object shows none of Tenor's renditions.
    const gif = await t.jiffy.app.inject(`/v1/gifs/dogmoving?api_key=${t.apiKey}`);
    const images = gif.json<{ data: { images: Record<string, { url?: string }> } }>().data.images;
    expect(Object.keys(images)).not.toContain('nano');
    expect(images.original!.url).toMatch(/original\.gif$/);
  });
});

describe('Tenor API v2 limits', () => {
  it('spends the same per-visitor budget as the GIPHY dialect, and says so in Tenor’s shape', async () => {
    const t = await startTestJiffy({ SITE_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const giphy = `/v1/gifs/trending?api_key=${t.apiKey}`;
      expect((await t.jiffy.app.inject(giphy)).statusCode).toBe(200);
      expect((await t.jiffy.app.inject(giphy)).statusCode).toBe(200);
      const tenor = `/v2/featured?key=${t.apiKey}`;
      expect((await t.jiffy.app.inject(tenor)).statusCode).toBe(200);
      const refused = await t.jiffy.app.inject(tenor);
      expect(refused.statusCode).toBe(429);
      const { error } = refused.json<ErrorBody>();
      expect([error.code, error.status]).toEqual([429, 'RESOURCE_EXHAUSTED']);
      expect(error.message).toMatch(/3 a minute/);
    } finally {
      await t.stop();
    }
  });
});
