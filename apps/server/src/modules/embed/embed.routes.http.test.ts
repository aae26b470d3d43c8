import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('the embed player page, oEmbed and frame policy', () => {
  let t: TestJiffy;
  let id: string;
  beforeAll(async () => {
    t = await startTestJiffy({ PUBLIC_URL: 'http://jiffy.test' });
    await t.jiffy.services.users.insert({
      id: 'u-maker',
      username: 'maker',
      display_name: 'The Maker',
    });
    const makersKey = (await t.jiffy.services.apiKeys.create('u-maker', 'uploads')).key;
    const bytes = await animatedImage({ width: 160, height: 120, frames: 4 });
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart(
        { api_key: makersKey, title: 'Waving <Robot>', username: 'maker' },
        { name: 'wave.gif', bytes },
      ),
    });
    id = response.json<{ data: { id: string } }>().data.id;
    await t.waitForGif(id, { complete: true });
  });
  afterAll(() => t.stop());

  const get = (url: string) => t.jiffy.app.inject(url);

  it('renders the GIF into the HTML: a muted autoplaying loop linking to its page', async () => {
    const page = await get(`/embed/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).toMatch(/<video class="media" autoplay loop muted playsinline/);
    expect(html).toContain(`/media/${id}/original.mp4`);
    expect(html).toContain('<a class="media-link" href="http://jiffy.test/gifs/');
    expect(html).toContain('Waving &lt;Robot&gt;');
    expect(html).not.toContain('<Robot>');
    // Header and attribution are in the server's HTML, not added by script.
    expect(html).toContain('class="logo"');
    expect(html).toContain('The Maker');
    expect(html).toContain('@maker');
    // Unfurl tags and oEmbed discovery.
    expect(html).toContain('<meta name="twitter:card" content="player">');
    expect(html).toContain(`<meta name="twitter:player" content="http://jiffy.test/embed/${id}">`);
    expect(html).toContain('type="application/json+oembed"');
    // Hydration: props and script.
    expect(html).toContain('<script id="jiffy-embed-props" type="application/json">');
    expect(html).toContain('<script type="module" src="/embed-assets/embed.js"></script>');
  });

  it('serves the GIF page with its unfurl tags in the HTML, and a 404 for unknown ones', async () => {
    const page = await get(`/gifs/waving-robot-${id}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain(
      `<meta property="og:video" content="http://jiffy.test/media/${id}/original.mp4">`,
    );
    expect(html).toContain('<meta property="og:video:type" content="video/mp4">');
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/jiffy\.test\/media\/[^"]+_still\.gif">/,
    );
    expect(html).toContain(`<meta name="twitter:player" content="http://jiffy.test/embed/${id}">`);
    expect(html).toContain('rel="alternate" type="application/json+oembed"');
    expect(html).toContain('Waving &#60;Robot&#62;');
    expect(html).not.toContain('<Robot>');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await get(`/gifs/${id}`)).statusCode).toBe(200);
    expect((await get('/gifs/nothing-here-nosuchgif')).statusCode).toBe(404);
    expect((await get('/gifs/%3Cscript%3E')).statusCode).toBe(404);
  });

  it('may be framed by any site, loads nothing from third parties', async () => {
    const page = await get(`/embed/${id}`);
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("script-src 'self'");
    // The stylesheet is inline, allowed by its hash (no unsafe-inline).
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toMatch(/style-src 'self' 'sha256-/);
    expect(policy).toContain("default-src 'none'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).not.toMatch(/<script[^>]+src="https?:/);
    expect(page.body).not.toMatch(/<link[^>]+href="https?:\/\/(?!jiffy\.test)/);
  });

  it('honours autoplay, loop, muted and hide_chrome from the embedder', async () => {
    const html = (await get(`/embed/${id}?autoplay=0&loop=0&hide_chrome=1`)).body;
    expect(html).toMatch(/<video class="media" muted playsinline/);
    expect(html).not.toContain('class="logo"');
    expect(html).not.toContain('@maker');
    // Unreadable values keep the defaults instead of failing the frame.
    expect((await get(`/embed/${id}?autoplay=maybe&loop[]=x`)).statusCode).toBe(200);
  });

  it('answers unknown and malformed ids with a small styled 404 page that can be framed', async () => {
    for (const url of ['/embed/nosuchgif', '/embed/..%2F..%2Fetc', `/embed/${'x'.repeat(65)}`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('class="not-found"');
      expect(page.body).toMatch(/<style>[\s\S]*\.not-found[\s\S]*<\/style>/);
      expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    }
  });

  it('serves the player’s script and stylesheet', async () => {
    const script = await get('/embed-assets/embed.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body.length).toBeGreaterThan(1000);
    expect((await get('/embed-assets/embed.css')).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    );
    expect((await get('/embed-assets/other.js')).statusCode).toBe(404);
  });

  it('shows a sticker as a picture of WebP and GIF with 200w… srcsets', async () => {
    const bytes = await animatedImage({ width: 300, height: 300, frames: 3, alpha: true });
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart({ api_key: t.apiKey, is_sticker: 'true' }, { name: 's.gif', bytes }),
    });
    const sticker = response.json<{ data: { id: string } }>().data.id;
    await t.waitForGif(sticker, { complete: true });
    const html = (await get(`/embed/${sticker}`)).body;
    expect(html).not.toContain('<video');
    expect(html).toMatch(
      /<source type="image\/webp" srcset="[^"]*fixed_width\.webp 200w, [^"]*original\.webp 300w"/,
    );
    expect(html).toMatch(
      /<img class="media" src="[^"]*original\.gif" srcset="[^"]*fixed_width\.gif 200w/,
    );
  });

  it('loads web fonts only from the static host EMBED_FONT_CSS_URL names', async () => {
    const withFonts = await startTestJiffy({
      EMBED_FONT_CSS_URL: 'https://static.example/fonts.css',
    });
    try {
      const bytes = await animatedImage({ width: 64, height: 48, frames: 2 });
      const up = await withFonts.jiffy.app.inject({
        method: 'POST',
        url: '/v1/gifs',
        ...multipart({ api_key: withFonts.apiKey }, { name: 'f.gif', bytes }),
      });
      const fid = up.json<{ data: { id: string } }>().data.id;
      await withFonts.waitForGif(fid);
      const embed = await withFonts.jiffy.app.inject(`/embed/${fid}`);
      expect(embed.body).toContain(
        '<link rel="stylesheet" href="https://static.example/fonts.css">',
      );
      const policy = embed.headers['content-security-policy'] as string;
      expect(policy).toContain('font-src https://static.example');
      expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+' https:\/\/static\.example/);
    } finally {
      await withFonts.stop();
    }
    // Unset (the default), no font is loaded and no font source is allowed.
    const plain = await get(`/embed/${id}`);
    expect(plain.headers['content-security-policy']).not.toContain('font-src');
    expect(plain.body).not.toContain('fonts.css');
  });

  it('forbids framing every other page', async () => {
    for (const url of ['/', '/v1/gifs/trending', '/api/v1/me', '/nothing-here']) {
      const page = await get(url);
      expect(page.headers['x-frame-options'], url).toBe('DENY');
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('is an oEmbed provider: photo for GIFs, fitted to maxwidth, 404 and 501 as the spec says', async () => {
    const link = encodeURIComponent(`http://jiffy.test/gifs/waving-robot-${id}`);
    const full = await get(`/oembed?url=${link}&format=json`);
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      version: '1.0',
      type: 'photo',
      url: `http://jiffy.test/media/${id}/original.gif`,
      width: 160,
      height: 120,
      title: 'Waving <Robot>',
      author_name: 'The Maker',
      provider_name: 'Jiffy',
    });
    // The thumbnail keeps to the limits as the photo does: the largest still that fits.
    expect(full.json()).toMatchObject({ thumbnail_width: 160, thumbnail_height: 120 });
    for (const limits of ['maxwidth=150', 'maxheight=100', 'maxwidth=110&maxheight=80']) {
      const small = (await get(`/oembed?url=${link}&${limits}`)).json<{
        width: number;
        height: number;
        thumbnail_url: string;
        thumbnail_width: number;
        thumbnail_height: number;
      }>();
      const [maxWidth, maxHeight] = [/maxwidth=(\d+)/, /maxheight=(\d+)/].map((re) =>
        Number(re.exec(limits)?.[1] ?? Infinity),
      );
      expect(small.width, limits).toBeLessThanOrEqual(maxWidth!);
      expect(small.height, limits).toBeLessThanOrEqual(maxHeight!);
      expect(small.thumbnail_width, limits).toBeLessThanOrEqual(maxWidth!);
      expect(small.thumbnail_height, limits).toBeLessThanOrEqual(maxHeight!);
      expect(small.thumbnail_url, limits).toContain('still');
    }
    expect(
      (await get(`/oembed?url=${encodeURIComponent(`http://jiffy.test/embed/${id}`)}`)).statusCode,
    ).toBe(200);
    expect((await get(`/oembed?url=${link}&format=xml`)).statusCode).toBe(501);
    expect((await get(`/oembed?url=${link}&maxwidth=10`)).statusCode).toBe(404);
    const elsewhere = encodeURIComponent(`http://evil.test/gifs/${id}`);
    expect((await get(`/oembed?url=${elsewhere}`)).statusCode).toBe(404);
    expect((await get('/oembed?url=http%3A%2F%2Fjiffy.test%2Fgifs%2Fnope')).statusCode).toBe(404);
    expect((await get('/oembed')).statusCode).toBe(400);
  });
});
