import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewGif, NewRendition } from '../db/schema.ts';
import { insertGifRow } from '../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';
import { TrendingRepository } from '../trending/trending.repository.ts';
import { tenorFormats } from './tenor-formats.ts';

interface TenorMediaBody {
  url: string;
  dims: [number, number];
  duration: number;
  size: number;
}
interface TenorResultBody {
  id: string;
  title: string;
  content_description: string;
  itemurl: string;
  url: string;
  tags: string[];
  created: number;
  hasaudio: boolean;
  flags: string[];
  media_formats: Record<string, TenorMediaBody>;
}
interface PageBody {
  results: TenorResultBody[];
  next: string;
}
interface ErrorBody {
  error: { code: number; message: string; status: string; details: { reason: string }[] };
}

/** A picture's stored renditions, as the pipeline would have made them (rows only). */
function renditionRows(
  gifId: string,
  shape: { width: number; height: number; frames: number },
): NewRendition[] {
  const row = (name: string, format: string, width: number, height: number, frames: number) => ({
    gif_id: gifId,
    name,
    format,
    width,
    height,
    frames,
    bytes: width * height,
    sha256: `${gifId}-${name}-${format}`,
    storage_key: `gifs/${gifId}/${name}.${format}`,
  });
  const { width, height, frames } = shape;
  const fixedHeight = Math.round((200 * height) / width / 2) * 2;
  return [
    row('original', 'gif', width, height, frames),
    row('original', 'mp4', width, height, frames),
    row('original', 'webp', width, height, frames),
    row('original_still', 'gif', width, height, 1),
    row('fixed_width', 'gif', 200, fixedHeight, frames),
    row('fixed_width', 'mp4', 200, fixedHeight, frames),
    row('fixed_width', 'webp', 200, fixedHeight, frames),
    row('downsized', 'gif', width, height, frames),
    row('looping', 'mp4', width, height, frames * 25),
  ];
}

// What a Tenor client asks about: rows straight into the real database (the media pipeline and
// the files made on first request are tested in tenor-media.test.ts).
const corpus: [string, Partial<NewGif>][] = [
  ['cat1', { title: 'Cat one', tags: ['cat', 'kitten'], alt_text: 'A cat naps' }],
  ['cat2', { title: 'Cat two', tags: ['cat', 'kitten'] }],
  ['cat3', { title: 'Cat three', tags: ['cat', 'funny'], rating: 'pg' }],
  ['cat4', { title: 'Cat four', tags: ['cat', 'funny'], rating: 'pg-13' }],
  ['cat5', { title: 'Cat five', tags: ['cat'], rating: 'r' }],
  ['cat6', { title: 'Cat six', tags: ['cat', 'kitten'] }],
  ['catsticker', { title: 'Cat sticker', tags: ['cat'], type: 'sticker' }],
  ['dogstill', { title: 'Dog still', tags: ['dog'] }],
  ['dogwide', { title: 'Dog wide', tags: ['dog'] }],
  ['dogmoving', { title: 'Dog moving', tags: ['dog'], duration_ms: 1500 }],
  ['dogsticker', { title: 'Dog sticker', tags: ['dog'], type: 'sticker' }],
];
const shapes: Record<string, { width: number; height: number; frames: number }> = {
  dogstill: { width: 300, height: 200, frames: 1 },
  dogwide: { width: 600, height: 100, frames: 4 },
  dogmoving: { width: 200, height: 150, frames: 15 },
  dogsticker: { width: 240, height: 240, frames: 6 },
};

describe('Tenor API v2', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
    const now = Date.now();
    for (const [index, [id, row]] of corpus.entries()) {
      await insertGifRow(t.jiffy.services.gifRepository, {
        id,
        created_at: new Date(now - index * 60_000),
        ...row,
      });
      const shape = shapes[id];
      if (shape) await t.jiffy.services.renditionRepository.upsertMany(renditionRows(id, shape));
    }
  });
  afterAll(() => t.stop());

  const call = async <B>(url: string, key: string | null = t.apiKey) => {
    const sep = url.includes('?') ? '&' : '?';
    const response = await t.jiffy.app.inject(key === null ? url : `${url}${sep}key=${key}`);
    return { status: response.statusCode, body: response.json<B>(), headers: response.headers };
  };
  const page = async (url: string) => {
    const { status, body } = await call<PageBody>(url);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const ids = (body: PageBody) => body.results.map((r) => r.id);
  /** Every page of a list, following `next` until it is empty. */
  const allPages = async (url: string): Promise<string[][]> => {
    const pages: string[][] = [];
    let body = await page(url);
    pages.push(ids(body));
    while (body.next !== '') {
      expect(pages.length).toBeLessThan(20);
      body = await page(`${url}&pos=${encodeURIComponent(body.next)}`);
      pages.push(ids(body));
    }
    return pages;
  };

  it('searches with Tenor’s response objects', async () => {
    const body = await page('/v2/search?q=kitten&client_key=my_app&locale=en_US&country=US');
    expect(ids(body).sort()).toEqual(['cat1', 'cat2', 'cat6']);
    const cat1 = body.results.find((r) => r.id === 'cat1')!;
    expect(cat1).toMatchObject({
      title: 'Cat one',
      content_description: 'A cat naps',
      tags: ['cat', 'kitten'],
      hasaudio: false,
      flags: [],
      media_formats: {},
    });
    expect(cat1.itemurl).toBe(`${t.jiffy.services.urls.publicUrl}/gifs/cat1`);
    expect(cat1.url).toBe(`${t.jiffy.services.urls.publicUrl}/gifs/cat1`);
    expect(cat1.created).toBeCloseTo(Date.now() / 1000, -2);
    expect(body.next).toBe('');
  });

  it('pages with `pos`/`next` through every result once, and the last `next` is empty', async () => {
    const pages = await allPages('/v2/search?q=cat&limit=2');
    const seen = pages.flat();
    expect(pages.every((p) => p.length === 2)).toBe(true);
    expect(seen.length).toBe(new Set(seen).size);
    expect(seen.sort()).toEqual(['cat1', 'cat2', 'cat3', 'cat4', 'cat5', 'cat6']);
    const featured = (await allPages('/v2/featured?limit=3')).flat();
    expect(featured.length).toBe(new Set(featured).size);
    expect(featured.sort()).toEqual(
      corpus
        .filter(([, row]) => row.type !== 'sticker')
        .map(([id]) => id)
        .sort(),
    );
  });

  it('never repeats the page before when trending moves between two pages, and registershare moves it', async () => {
    const first = await page('/v2/featured?limit=3');
    expect(ids(first)).toEqual(['cat1', 'cat2', 'cat3']);
    // cat6 is shared through Tenor's registershare: SENT pingbacks, as GIPHY's SDK shares.
    for (let i = 0; i < 5; i++) {
      const share = await call<object>('/v2/registershare?id=cat6&q=cat&client_key=my_app');
      expect(share.status).toBe(200);
    }
    await new TrendingRepository(t.jiffy.database.db).recompute();
    const top = await page('/v2/featured?limit=3');
    expect(ids(top)).toEqual(['cat6', 'cat1', 'cat2']);
    // Offset paging would now answer cat2, cat3, cat4: cat2 and cat3 again.
    const second = await page(`/v2/featured?limit=3&pos=${encodeURIComponent(first.next)}`);
    expect(ids(second)).toEqual(['cat6', 'cat4', 'cat5']);
    const rest = await page(`/v2/featured?limit=3&pos=${encodeURIComponent(second.next)}`);
    expect(ids(rest)).toEqual(['dogstill', 'dogwide', 'dogmoving']);
  });

  it('maps contentfilter onto ratings: off r, low pg-13, medium pg, high g', async () => {
    const search = async (filter: string) =>
      ids(await page(`/v2/search?q=cat&contentfilter=${filter}`)).sort();
    expect(await search('off')).toEqual(['cat1', 'cat2', 'cat3', 'cat4', 'cat5', 'cat6']);
    expect(await search('low')).toEqual(['cat1', 'cat2', 'cat3', 'cat4', 'cat6']);
    expect(await search('medium')).toEqual(['cat1', 'cat2', 'cat3', 'cat6']);
    expect(await search('high')).toEqual(['cat1', 'cat2', 'cat6']);
    expect(ids(await page('/v2/search?q=cat'))).toContain('cat5');
  });

  it('filters stickers, still pictures and aspect ratios', async () => {
    expect(ids(await page('/v2/search?q=cat&searchfilter=sticker'))).toEqual(['catsticker']);
    const dogs = async (query: string) => ids(await page(`/v2/search?q=dog${query}`)).sort();
    expect(await dogs('')).toEqual(['dogmoving', 'dogstill', 'dogwide']);
    expect(await dogs('&searchfilter=static')).toEqual(['dogstill']);
    expect(await dogs('&searchfilter=-static')).toEqual(['dogmoving', 'dogwide']);
    expect(await dogs('&ar_range=wide')).toEqual(['dogmoving', 'dogstill']);
    expect(await dogs('&ar_range=standard&searchfilter=-static')).toEqual(['dogmoving']);
    expect(await dogs('&searchfilter=sticker,-static')).toEqual(['dogsticker']);
    const still = (await page('/v2/search?q=dog&searchfilter=static')).results[0]!;
    expect(still.flags).toEqual(['static']);
    expect(still.media_formats.gif!.duration).toBe(0);
  });

  it('lists Tenor’s formats, the ones made on first request with their planned size', async () => {
    const [dog] = (await page('/v2/search?q=moving')).results;
    const formats = dog!.media_formats;
    expect(Object.keys(formats).sort()).toEqual(
      tenorFormats.filter((f) => !f.endsWith('_transparent')).sort(),
    );
    const media = t.jiffy.services.urls.mediaBaseUrl;
    expect(formats.gif).toEqual({
      url: `${media}/dogmoving/original.gif`,
      dims: [200, 150],
      duration: 1.5,
      size: 30000,
      preview: '',
    });
    expect(formats.tinygif!.url).toBe(`${media}/dogmoving/fixed_width.gif`);
    expect(formats.mediumgif!.url).toBe(`${media}/dogmoving/downsized.gif`);
    expect(formats.loopedmp4).toMatchObject({ url: `${media}/dogmoving/looping.mp4`, duration: 6 });
    expect(formats.nanogif).toEqual({
      url: `${media}/dogmoving/nano.gif`,
      dims: [120, 90],
      duration: 1.5,
      size: 0,
      preview: '',
    });
    expect(formats.webm).toMatchObject({
      url: `${media}/dogmoving/original.webm`,
      dims: [200, 150],
    });
    expect(formats.tinywebm).toMatchObject({ url: `${media}/dogmoving/fixed_width.webm` });
    expect(formats.nanowebm!.dims).toEqual([120, 90]);
  });

  it('answers only the formats media_filter names, transparent ones for stickers only', async () => {
    const filtered = await page('/v2/search?q=dog&media_filter=gif,nanogif,gif_transparent');
    for (const result of filtered.results) {
      expect(Object.keys(result.media_formats).sort()).toEqual(['gif', 'nanogif']);
    }
    const stickers = await page(
      '/v2/search?q=dog&searchfilter=sticker&media_filter=gif_transparent,webp_transparent,nanowebp_transparent',
    );
    const [sticker] = stickers.results;
    expect(sticker!.flags).toEqual(['sticker']);
    expect(Object.keys(sticker!.media_formats).sort()).toEqual([
      'gif_transparent',
      'nanowebp_transparent',
      'webp_transparent',
    ]);
    expect(sticker!.media_formats.gif_transparent!.url).toMatch(/\/dogsticker\/original\.gif$/);
  });

  it('orders a page at random with random=true, keeping the same GIFs', async () => {
    const plain = ids(await page('/v2/search?q=cat&limit=6')).sort();
    const orders = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const shuffled = ids(await page('/v2/search?q=cat&limit=6&random=true'));
      expect([...shuffled].sort()).toEqual(plain);
      orders.add(shuffled.join(','));
    }
    expect(orders.size).toBeGreaterThan(1);
    // A random order pages without repeats too.
    const pages = await allPages('/v2/search?q=cat&limit=4&random=true');
    expect(pages.flat().sort()).toEqual(plain);
  });

  it('answers posts by id in the order asked, unknown ids left out', async () => {
    const body = await page(
      '/v2/posts?ids=dogmoving,nosuchgif,cat5,catsticker&media_filter=tinygif',
    );
    expect(ids(body)).toEqual(['dogmoving', 'cat5', 'catsticker']);
    expect(Object.keys(body.results[0]!.media_formats)).toEqual(['tinygif']);
    expect(body.next).toBeUndefined();
  });

  it('completes, suggests and lists trending terms from the GIPHY dialect’s data', async () => {
    const complete = await call<{ locale: string; results: string[] }>('/v2/autocomplete?q=kit');
    expect(complete.body).toEqual({ locale: 'en_US', results: ['kitten'] });
    const giphy = await t.jiffy.app.inject(`/v1/gifs/search/tags?q=kit&api_key=${t.apiKey}`);
    expect(giphy.json<{ data: { name: string }[] }>().data.map((d) => d.name)).toEqual(['kitten']);

    const suggestions = await call<{ results: string[] }>('/v2/search_suggestions?q=cat&limit=2');
    expect(suggestions.body.results).toEqual(['kitten', 'funny']);

    // Searches through either dialect count towards the same trending searches.
    await page('/v2/search?q=kitten');
    await t.jiffy.app.inject(`/v1/gifs/search?q=kitten&api_key=${t.apiKey}`);
    const terms = await call<{ results: string[] }>('/v2/trending_terms');
    expect(terms.body.results).toContain('kitten');
    const giphyTerms = await t.jiffy.app.inject(`/v2/trending/searches?api_key=${t.apiKey}`);
    expect(giphyTerms.json<{ data: string[] }>().data).toEqual(terms.body.results);
    const one = await call<{ results: string[] }>('/v2/trending_terms?limit=1');
    expect(one.body.results).toEqual(terms.body.results.slice(0, 1));
  });

  it('lists categories with a search path and a picture', async () => {
    const featured = await call<{
      locale: string;
      tags: { searchterm: string; path: string; image: string; name: string }[];
    }>('/v2/categories?locale=en_US');
    expect(featured.status).toBe(200);
    const cat = featured.body.tags.find((tag) => tag.searchterm === 'cat');
    expect(cat).toMatchObject({ name: '#cat' });
    expect(cat!.path).toBe('/v2/search?q=cat&locale=en_US&component=categories&contentfilter=off');
    const trending = await call<{ tags: { searchterm: string; image: string }[] }>(
      '/v2/categories?type=trending',
    );
    expect(trending.body.tags.map((tag) => tag.searchterm)).toContain('kitten');
  });

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
      [
        `/v2/search?q=${'a'.repeat(20_000)}`,
        t.apiKey,
        400,
        'INVALID_ARGUMENT',
        'invalid_request',
        /q/,
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
  it('spends the same per-key budget as the GIPHY dialect, and says so in Tenor’s shape', async () => {
    const t = await startTestJiffy({ API_RATE_LIMIT_PER_MINUTE: '3' });
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
