import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestJiffy } from '../../../testing/test-jiffy.ts';
import { TrendingRepository } from '../trending/trending.repository.ts';
import { tenorFormats } from './tenor-formats.ts';
import {
  corpus,
  startTenorJiffy,
  type PageBody,
  type TenorJiffy,
} from '../../../testing/tenor-corpus.ts';

describe('Tenor API v2', () => {
  let t: TestJiffy;
  let call: TenorJiffy['call'];
  let page: TenorJiffy['page'];
  beforeAll(async () => {
    // Two visitors make a term trend here, one searching in each dialect.
    ({ t, call, page } = await startTenorJiffy({ TRENDING_SEARCH_MIN_VISITORS: '2' }));
  });
  afterAll(() => t.stop());

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

    // Searches through either dialect count towards the same trending searches: one visitor
    // in each makes the two it takes here.
    await t.jiffy.app.inject({
      url: `/v2/search?q=kitten&key=${t.apiKey}`,
      remoteAddress: '192.0.2.1',
    });
    await t.jiffy.app.inject({
      url: `/v1/gifs/search?q=kitten&api_key=${t.apiKey}`,
      remoteAddress: '192.0.2.2',
    });
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
});
