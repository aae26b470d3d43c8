import { gifAltText } from '@jiffy/contracts/alt-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../../../../testing/fixtures.ts';
import type { SiteClient } from '../../../../testing/site-client.ts';
import { permissionMatrix } from '../../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../../testing/test-jiffy.ts';
import { PAGE_VIEW_KEPT_MS } from './first-gifs.service.ts';

interface ListBody {
  data: { id: string; images: Record<string, { url: string; webp?: string; width: string }> }[];
}

/**
 * The page's tiles, in order: the GIF id, its <img> tag, and whether it is written inside a
 * `<noscript>` (a tile the boot script puts in after the first GIF's paint).
 */
function tiles(html: string): { id: string; img: string; later: boolean }[] {
  const later = [...html.matchAll(/<noscript>(.*?)<\/noscript>/g)].map((m) => m[1]!).join('');
  return [...html.matchAll(/<a class="jiffy-gif" data-gif-id="(\w+)"[^>]*>(.*?)<\/a>/g)].map(
    (m) => ({
      id: m[1]!,
      img: /<img [^>]*>/.exec(m[2]!)?.[0] ?? '',
      later: later.includes(m[0]),
    }),
  );
}

interface FirstPageData {
  path: string;
  lists: Record<string, { data: { id: string }[]; meta: { response_id: string } }>;
  queries: { key: unknown[]; data: unknown }[];
}
type ErrorBody = { error: { code: string } };

/** The page view a page names for the site (`<meta name="jiffy-first-page">`). */
function viewOf(html: string): string {
  const view = /<meta name="jiffy-first-page" content="(\w+)">/.exec(html)?.[1];
  if (!view) throw new Error('no page view in the page');
  return view;
}

// `/`, `/search/:term` and the trending pages carry their first GIFs in the HTML (markup a browser paints before
// any script) and name their page view, whose data the site starts from; in a browser:
// e2e/first-gifs.browser.test.ts.
describe('the first GIFs written into the site pages', () => {
  let t: TestJiffy;
  let now = Date.now();
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  const html = { accept: 'text/html,application/xhtml+xml' };
  const get = (url: string) => t.jiffy.app.inject({ url, headers: html });
  const api = async (url: string) =>
    (await t.jiffy.app.inject(`${url}&api_key=${t.apiKey}`)).json<ListBody>();
  /** The data the site asks for once the page's first GIFs are painted, as a visitor. */
  const carried = async (page: string): Promise<FirstPageData> => {
    const answer = await visitor.get(`/ajax/first-page/${viewOf(page)}`);
    expect(answer.statusCode).toBe(200);
    return answer.json<{ data: FirstPageData }>().data;
  };

  beforeAll(async () => {
    t = await startTestJiffy({}, { clock: () => now });
    ({ users, visitor } = await permissionMatrix(t));

    const uploads: Record<string, string>[] = [
      { title: 'Cats dancing', tags: 'cats,dance' },
      { title: 'Cats asleep', tags: 'cats,sleep' },
      { title: 'Dog running', tags: 'dog' },
      { title: 'Cat sticker', tags: 'cats', is_sticker: 'true' },
    ];
    for (const [i, fields] of uploads.entries()) {
      const bytes = await animatedImage({ width: 120 + 20 * i, height: 90, frames: 2 });
      await t.uploadAndWait({ name: 'g.gif', bytes }, fields, { complete: false });
    }
  }, 120_000);
  afterAll(() => t.stop());

  it('writes / with the trending stickers and GIFs as <img> tiles, and their data', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const stickers = await api('/v1/stickers/trending?limit=8');
    const gifs = await api('/v1/gifs/trending?limit=25');
    expect(stickers.data).toHaveLength(1);
    expect(gifs.data).toHaveLength(3);
    const written = tiles(page.body);
    // The stickers row first, then the GIFs, in the API's order.
    expect(written.map((tile) => tile.id)).toEqual(
      [...stickers.data, ...gifs.data].map((g) => g.id),
    );
    for (const [i, tile] of written.entries()) {
      const gif = [...stickers.data, ...gifs.data].find((g) => g.id === tile.id)!;
      // Every width the browser may pick, and a real rendition as the plain src.
      expect(tile.img).toContain(
        `${gif.images.fixed_width!.url} ${gif.images.fixed_width!.width}w`,
      );
      expect(tile.img).toMatch(/ src="[^"]+\.gif"/);
      expect(tile.img).toContain('sizes="(max-width: 531px)');
      // The first tile asks for its image at once and first; the others lazily, after it (none
      // waits for a script).
      expect(tile.img.includes('fetchpriority="high"'), `tile ${i}`).toBe(i === 0);
      expect(tile.img.includes('loading="lazy" fetchpriority="low"'), `tile ${i}`).toBe(i > 0);
      // Only the first is in the page's first frame; the others are text until the boot
      // script puts them in (and ordinary tiles without scripts).
      expect(tile.later, `tile ${i}`).toBe(i > 0);
      expect(tile.img).not.toContain('data:image');
    }
    // The first image is preloaded from the head, in WebP as the <picture> will pick it.
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    const preload = /<link rel="preload" as="image" type="image\/webp" imagesrcset="([^"]+)"/.exec(
      head,
    );
    expect(preload?.[1]).toContain(stickers.data[0]!.images.fixed_width!.webp);
    // The page carries no data for the site's script: it names its view, whose data the site
    // asks for (the same pages and the trending searches, for this path only), with the
    // view's own response id in the lists' analytics.
    expect(page.body).not.toContain('application/json');
    const view = viewOf(page.body);
    const data = await carried(page.body);
    expect(data.path).toBe('/');
    expect(data.lists['home-gifs']!.data.map((g) => g.id)).toEqual(gifs.data.map((g) => g.id));
    expect(data.lists['home-stickers']!.data.map((g) => g.id)).toEqual(
      stickers.data.map((g) => g.id),
    );
    expect(data.lists['home-gifs']!.meta.response_id).toBe(view);
    expect(data.queries.map((q) => q.key)).toEqual([['trending-searches']]);
    // Each page view is its own.
    expect(viewOf((await get('/')).body)).not.toBe(view);
    // The header as the site draws it: Log in and Join beside the sections, not among them
    // (on a phone the sections scroll sideways and the account corner stays in view).
    expect(page.body).toMatch(
      /<nav aria-label="Sections">(?:(?!Log in)[^])*?<\/nav><div class="account-corner"><a href="\/login">Log in<\/a><a href="\/join">Join<\/a><\/div><\/header>/,
    );
    // The markup inside the site's page; its boot loader, which adds the site's script, follows.
    expect(page.body).toMatch(/<div id="root"><a class="skip" href="#main">/);
    expect(page.body).toMatch(/<\/div>\s*<script>\(function loadBootModule[^]*"\/assets\/index-/);
  });

  it('writes /trending-gifs, /gifs and /stickers with what is trending, and their data', async () => {
    const gifs = await api('/v1/gifs/trending?limit=25');
    const stickers = await api('/v1/stickers/trending?limit=25');
    for (const [path, heading, trending, key] of [
      ['/trending-gifs', 'Trending GIFs', gifs, 'trending:gifs'],
      ['/gifs', 'Trending GIFs', gifs, 'trending:gifs'],
      ['/stickers', 'Trending stickers', stickers, 'trending:stickers'],
    ] as const) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body).toContain(`<title>${heading} — Jiffy</title>`);
      expect(page.body).toContain(`<main id="main" tabindex="-1"><h1>${heading}</h1>`);
      const written = tiles(page.body);
      expect(written.map((tile) => tile.id)).toEqual(trending.data.map((g) => g.id));
      expect(written[0]!.img).toContain('fetchpriority="high"');
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      expect(head).toContain(trending.data[0]!.images.fixed_width!.webp);
      const data = await carried(page.body);
      expect(data.path).toBe(path);
      expect(Object.keys(data.lists)).toEqual([key]);
      expect(data.lists[key]!.data.map((g) => g.id)).toEqual(trending.data.map((g) => g.id));
      expect(data.lists[key]!.meta.response_id).toBe(viewOf(page.body));
    }
  });

  it("writes a GIF's and a sticker's page with their title and the GIF itself, and the GIF as data", async () => {
    const gifs = await api('/v1/gifs/trending?limit=25');
    const stickers = await api('/v1/stickers/trending?limit=25');
    for (const listed of [gifs.data[0]!, stickers.data[0]!]) {
      const one = (await t.jiffy.app.inject(`/v1/gifs/${listed.id}?api_key=${t.apiKey}`)).json<{
        data: {
          id: string;
          url: string;
          title: string;
          tags: string[];
          is_sticker: number;
          images: Record<string, { url: string; mp4?: string; webp?: string }>;
        };
      }>().data;
      const page = await get(new URL(one.url).pathname);
      expect(page.statusCode).toBe(200);
      const alt = gifAltText(one);
      expect(page.body).toContain(
        `<main id="main" tabindex="-1"><article class="gif-page"><div class="title-row"><h1>${one.title}</h1>`,
      );
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      if (one.is_sticker) {
        // A sticker is its animated image (WebP where the browser takes it), with its alt text.
        expect(page.body).toMatch(
          new RegExp(`<source type="image/webp" srcset="${one.images.original!.webp}">`),
        );
        expect(page.body).toMatch(
          new RegExp(`<img class="gif-media"[^>]* src="${one.images.original!.url}" alt="${alt}"`),
        );
        expect(head).toContain(`href="${one.images.original!.webp}"`);
      } else {
        // A GIF plays as its MP4, its still shown until it does.
        expect(page.body).toMatch(
          new RegExp(
            `<video class="gif-media"[^>]* src="${one.images.original!.mp4}" poster="${one.images.original_still!.url}" autoplay loop muted playsinline aria-label="${alt}">`,
          ),
        );
        expect(head).toContain(`href="${one.images.original_still!.url}"`);
      }
      // The site starts from the GIF as the API answers it, for this page view.
      const data = await carried(page.body);
      expect(data.path).toBe(new URL(one.url).pathname);
      expect(data.lists).toEqual({});
      // (Its analytics name this view's response id, as the API's answer names its own.)
      const withoutAnalytics = (gif: Record<string, unknown>) => ({
        ...gif,
        analytics: undefined,
        analytics_response_payload: undefined,
      });
      expect(data.queries.map((query) => query.key)).toEqual([['gif', one.id]]);
      expect(withoutAnalytics(data.queries[0]!.data as Record<string, unknown>)).toEqual(
        withoutAnalytics(one),
      );
    }
  });

  it("writes a channel's page for a signed-out visitor: its header, channels and first GIFs, and their data", async () => {
    const { channels, channelGifs } = t.jiffy.services;
    const cat = { id: 'idcat', role: 'creator' as const };
    const gifs = (await api('/v1/gifs/search?q=cats&limit=25')).data.map((gif) => gif.id);
    const pets = await channels.create(cat, {
      display_name: 'Pets & <friends>',
      slug: 'pets',
      description: 'Animals at <home>.',
      banner_gif: null,
      featured_gif: gifs[0]!,
      is_visible: true,
      type: 'community',
    });
    await channelGifs.add(cat, { channelId: pets.id, gifIds: gifs });
    await channels.create(cat, {
      parent: pets.id,
      display_name: 'Kittens',
      slug: 'kittens',
      description: '',
      banner_gif: null,
      featured_gif: null,
      is_visible: true,
      type: 'community',
    });
    const hidden = await channels.create(cat, {
      parent: pets.id,
      display_name: 'Drafts',
      slug: 'drafts',
      description: '',
      banner_gif: null,
      featured_gif: null,
      is_visible: false,
      type: 'community',
    });

    const page = await get('/cat/pets');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Pets &#38; &#60;friends&#62; by @cat — Jiffy</title>');
    // Its breadcrumbs (the root channel, named for its owner), name and description, escaped.
    expect(page.body).toMatch(
      /<nav aria-label="Breadcrumbs" class="breadcrumbs"><span><a href="\/cat">[^<]+<\/a> › <\/span><\/nav><h1>Pets &#38; &#60;friends&#62;<\/h1><p>Animals at &#60;home&#62;.<\/p>/,
    );
    expect(page.body).toContain('<figcaption id="channel-featured">Featured GIF</figcaption>');
    // Its channels as a visitor sees them: the hidden one is its owner's alone.
    expect(page.body).toContain(
      '<ul class="channel-tiles" aria-label="Channels"><li><a href="/cat/pets/kittens"><span>Kittens</span></a></li></ul>',
    );
    expect(page.body).not.toContain('Drafts');
    expect(tiles(page.body).map((tile) => tile.id)).toEqual(gifs);
    expect(tiles(page.body)[0]!.later).toBe(false);

    // The site starts from the same channel, channels and feed as its own calls answer them.
    const data = await carried(page.body);
    expect(data.path).toBe('/cat/pets');
    expect(data.lists[`channel:${pets.id}:`]!.data.map((gif) => gif.id)).toEqual(gifs);
    const asked = await visitor.get('/api/v4/channels/?slug=cat/pets');
    const children = await visitor.get(`/api/v4/channels/${pets.id}/children/`);
    expect(data.queries).toEqual([
      { key: ['channel', 'cat/pets'], data: asked.json<{ data: unknown }>().data },
      { key: ['channel-children', pets.id], data: children.json<{ data: unknown }>().data },
    ]);

    // Its owner, and anyone signed in, gets the page the site draws (the owner's has the
    // manager and the hidden channel); so does a channel hidden from the visitor (the 404 page).
    for (const client of [users.cat!, users.ann!]) {
      const own = await client.request({ url: '/cat/pets', headers: html });
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain('class="channel-header"');
      expect(own.body).not.toContain('jiffy-first-page');
    }
    const drafts = await get('/cat/pets/drafts');
    expect(drafts.statusCode).toBe(404);
    expect(drafts.body).not.toContain('class="channel-header"');
    expect(hidden.is_visible).toBe(false);
  });

  it('writes /search/cats with its results, GIFs or stickers, and its related tags', async () => {
    const page = await get('/search/cats');
    expect(page.statusCode).toBe(200);
    const results = await api('/v1/gifs/search?q=cats');
    expect(results.data).toHaveLength(2);
    expect(tiles(page.body).map((tile) => tile.id)).toEqual(results.data.map((g) => g.id));
    expect(page.body).toContain('<h1>cats</h1>');
    expect(page.body).toContain('<title>cats GIFs — Jiffy</title>');
    // The header's box holds the search, as the site's own box does once it starts.
    expect(page.body).toMatch(/<input type="search" name="q" [^>]*value="cats">/);
    const data = await carried(page.body);
    expect(data.path).toBe('/search/cats');
    expect(Object.keys(data.lists)).toEqual(['gifs:cats']);
    // The related searches the site's own call would answer for the tab, so it asks no more.
    const related = async (type: string) =>
      (await t.jiffy.app.inject(`/ajax/tags/related/${type}/cats/?limit=10`)).json<{
        data: unknown[];
      }>().data;
    expect(data.queries[0]!.key).toEqual(['related-tags', 'gifs', 'cats']);
    expect(data.queries[0]!.data).toEqual(await related('gif'));
    const names = (data.queries[0]!.data as { name: string }[]).map((tag) => tag.name);
    expect(names).toEqual(expect.arrayContaining(['dance', 'sleep']));
    expect(page.body).toContain('<a href="/search/dance">#dance</a>');

    const stickers = await get('/search/cats?type=stickers');
    const found = await api('/v1/stickers/search?q=cats');
    expect(tiles(stickers.body).map((tile) => tile.id)).toEqual(found.data.map((g) => g.id));
    const stickersData = await carried(stickers.body);
    expect(Object.keys(stickersData.lists)).toEqual(['stickers:cats']);
    expect(stickersData.path).toBe('/search/cats?type=stickers');
    // The stickers tab's related searches are the stickers' (the only one is tagged cats alone).
    expect(stickersData.queries).toEqual([
      { key: ['related-tags', 'stickers', 'cats'], data: await related('sticker') },
    ]);
    expect(await related('sticker')).toEqual([]);

    // A search that found GIFs may be played as a backdrop.
    expect(page.body).toContain('Play as a backdrop');

    // Nothing found: the grid's message, as the site shows it, no backdrop of nothing, and
    // searches to try instead, carried for the site as its own call answers them.
    const none = await get('/search/unicorns');
    expect(tiles(none.body)).toEqual([]);
    expect(none.body).toContain('No GIFs found for “unicorns”.');
    expect(none.body).not.toContain('Play as a backdrop');
    const suggestions = (await t.jiffy.app.inject('/ajax/search-suggestions/gif/unicorns/')).json<{
      data: { similar: string[]; popular: string[] };
    }>().data;
    expect(suggestions).toEqual({ similar: [], popular: ['cats', 'dance', 'dog', 'sleep'] });
    expect(none.body).toContain(
      '<h2 id="search-suggestions">Try another search</h2><h3 id="popular-searches">Popular searches</h3><ul class="pills" aria-labelledby="popular-searches"><li><a href="/search/cats">cats</a></li>',
    );
    expect((await carried(none.body)).queries).toEqual([
      { key: ['related-tags', 'gifs', 'unicorns'], data: [] },
      { key: ['search-suggestions', 'gifs', 'unicorns'], data: suggestions },
    ]);
  });

  it('escapes a hostile term everywhere it is written', async () => {
    const term = `</script><b>"x'&\u2028`;
    const page = await get(`/search/${encodeURIComponent(term)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<b>');
    // Only the page's own scripts end: the built one(s), as on any other page.
    const plain = await get('/about');
    const ends = (body: string) => body.split('</script>').length;
    expect(ends(page.body)).toBe(ends(plain.body));
    expect(page.body).toContain('<h1>&#60;/script&#62;&#60;b&#62;&#34;x&#39;&#38;');
    expect(page.body).toContain('<title>&#60;/script&#62;&#60;b&#62;');
    // The site reads the term back exactly.
    const data = await carried(page.body);
    expect(Object.keys(data.lists)).toEqual([`gifs:${term}`]);
    expect(data.queries[0]!.key).toEqual(['related-tags', 'gifs', term]);
    // Links to the term's pages carry it encoded.
    expect(page.body).toContain(
      `href="/search/${encodeURIComponent(term).replace(/'/g, '&#39;')}?type=stickers"`,
    );
  });

  it('answers an over-long term with the site page and no results, as the API refuses it', async () => {
    const long = 'a'.repeat(51);
    const page = await get(`/search/${long}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('jiffy-first-page');
    expect(
      (await t.jiffy.app.inject(`/v1/gifs/search?q=${long}&api_key=${t.apiKey}`)).statusCode,
    ).toBe(414);
    // Past what the router takes for a parameter: still the site page.
    const huge = await get(`/search/${'b'.repeat(5000)}`);
    expect(huge.statusCode).toBe(200);
    expect(huge.body).toContain('<div id="root"></div>');
    // A blank term has nothing to search.
    expect((await get('/search/%20')).body).toContain('<div id="root"></div>');
  });

  it('GET /ajax/first-page/{view}: the same data for everyone, signed in or not, again on asking again', async () => {
    const page = await get('/search/cats');
    const path = `/ajax/first-page/${viewOf(page.body)}`;
    const answers = [];
    for (const client of [visitor, ...Object.values(users)]) {
      const answer = await client.get(path);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      answers.push(answer.json<{ data: FirstPageData }>().data);
    }
    expect(answers[0]!.path).toBe('/search/cats');
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('GET /ajax/first-page/{view}: kept for a minute, then 404 first_page_not_kept', async () => {
    const page = await get('/');
    const path = `/ajax/first-page/${viewOf(page.body)}`;
    now += PAGE_VIEW_KEPT_MS - 1_000;
    expect((await visitor.get(path)).statusCode).toBe(200);
    now += 2_000;
    const gone = await visitor.get(path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<ErrorBody>().error.code).toBe('first_page_not_kept');
    // A view no page was answered with, and a page without first GIFs (it names none).
    const never = await visitor.get(`/ajax/first-page/${'0'.repeat(24)}`);
    expect(never.statusCode).toBe(404);
    expect(never.json<ErrorBody>().error.code).toBe('first_page_not_kept');
    expect((await get('/about')).body).not.toContain('jiffy-first-page');
    // Nor does a page whose address is longer than any link of the site (nothing is kept of it).
    const long = await get(`/?utm=${'x'.repeat(3000)}`);
    expect(tiles(long.body).length).toBeGreaterThan(0);
    expect(long.body).not.toContain('jiffy-first-page');
  });

  it('GET /ajax/first-page/{view}: refuses what is no view with a stable code', async () => {
    const view = viewOf((await get('/')).body);
    for (const bad of [
      'x',
      view.toUpperCase(),
      `${view}0`,
      view.slice(1),
      `${view.slice(1)}%ff`,
      `${view.slice(2)}%2e%2e`,
    ]) {
      const refused = await visitor.get(`/ajax/first-page/${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json<ErrorBody>().error.code, bad).toBe('invalid_request');
    }
    // Past what the router takes for a parameter, as on every route.
    const huge = await visitor.get(`/ajax/first-page/${'a'.repeat(5000)}`);
    expect(huge.statusCode).toBe(414);
    expect(huge.json<ErrorBody>().error.code).toBe('uri_too_long');
    // Read-only: no other method is routed, and the view is still there.
    expect((await users.adm!.post(`/ajax/first-page/${view}`, {})).statusCode).toBe(404);
    expect((await visitor.get(`/ajax/first-page/${view}`)).statusCode).toBe(200);
  });
});
