import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { readManifest, siteChunks } from './site-chunks.ts';

// The React site as the server delivers it (what it does in a browser: e2e/web-app.browser.test.ts).
describe('the site pages', () => {
  let t: TestJiffy;
  const html = { accept: 'text/html,application/xhtml+xml' };
  const get = (url: string) => t.jiffy.app.inject({ url, headers: html });

  beforeAll(async () => {
    t = await startTestJiffy();
    await t.jiffy.services.users.insert({
      id: 'u_ada',
      username: 'ada',
      display_name: 'Ada',
      description: '',
      is_verified: false,
      role: 'creator',
    });
  });
  afterAll(() => t.stop());

  /** The page's inline scripts, and the CSP's `script-src` sources. */
  const scriptsOf = (page: Awaited<ReturnType<typeof get>>) => ({
    inline: [...page.body.matchAll(/<script>([^]*?)<\/script>/g)].map((match) => match[1]!),
    sources: /script-src ([^;]*);/.exec(String(page.headers['content-security-policy']))![1]!,
  });
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('answers / with the built site, its API key and a strict CSP', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<meta name="jiffy-api-key" content="${t.apiKey}">`);
    // Its one inline script, the boot loader, is the only one its CSP allows besides its own
    // origin's files: no 'unsafe-inline'.
    const scripts = scriptsOf(page);
    expect(scripts.inline).toHaveLength(1);
    expect(scripts.sources).toBe(`'self' ${sha256(scripts.inline[0]!)}`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The GIF maker plays its clip from a blob: URL, and the upload page previews the files a
    // creator chose from blob: URLs (a picture or a video); nothing else may load from blob:.
    const policy = String(page.headers['content-security-policy']);
    const withBlob = policy
      .split(';')
      .filter((directive) => directive.includes('blob:'))
      .map((directive) => directive.trim().split(' ')[0]);
    expect(withBlob).toEqual(['img-src', 'media-src']);
  });

  it('writes the site stylesheet into the page instead of linking it (no render-blocking fetch)', async () => {
    const page = await get('/search/cats');
    expect(page.body).not.toMatch(/<link rel="stylesheet"/);
    expect(page.body).toMatch(/<style>[^]*?\.site-header[^]*?<\/style>/);
  });

  it('names only the boot script, which fetches the site it starts (nothing ahead of the first GIFs)', async () => {
    const page = await get('/about');
    const scripts = [...page.body.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)];
    expect(scripts.map((match) => match[1])).toEqual([
      expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
    ]);
    expect(page.body).not.toContain('modulepreload');
    expect(scriptsOf(page).inline).toEqual([]);
    // A page with its first GIFs written in names no script to fetch: its boot loader adds the
    // same boot script after the first image (e2e first-gifs).
    for (const url of ['/', '/search/cats']) {
      const written = await get(url);
      expect(written.body, url).not.toMatch(/<script[^>]* src=/);
      expect(scriptsOf(written).inline, url).toEqual([
        expect.stringContaining(JSON.stringify(scripts[0]![1])),
      ]);
    }
    // The boot script's import of the site names the site's chunk and every chunk it imports,
    // so the browser fetches them in parallel when the site starts; each is served.
    const site = siteChunks(
      readManifest(path.dirname(fileURLToPath(import.meta.resolve('@jiffy/web/dist')))),
    )!;
    expect(`/${site.boot}`).toBe(scripts[0]![1]);
    expect(site.site.some((file) => /^assets\/app-[\w-]+\.js$/.test(file))).toBe(true);
    expect(site.site.length).toBeGreaterThan(2);
    const bootCode = (await t.jiffy.app.inject(`/${site.boot}`)).body;
    for (const file of site.site) {
      expect(bootCode, file).toContain(file);
      expect((await t.jiffy.app.inject(`/${file}`)).statusCode, file).toBe(200);
    }
  });

  it('serves the build files with a year of caching, and 404 for others', async () => {
    const page = await get('/about');
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(page.body)![1]!;
    const asset = await t.jiffy.app.inject(script);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.jiffy.app.inject('/assets/nope.js')).statusCode).toBe(404);
  });

  it('answers every site route with the site, and an unknown channel with a 404', async () => {
    for (const url of [
      '/search/cats',
      '/trending-gifs',
      '/about',
      '/apps',
      '/widgets',
      '/login',
      '/ada',
    ])
      expect((await get(url)).statusCode, url).toBe(200);
    const missing = await get('/no_such_person');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
  });

  it('answers 404 for a path no channel can have, and names what is missing for everyone', async () => {
    await t.jiffy.services.users.insert({
      id: 'u_shy',
      username: 'shy',
      display_name: 'Shy',
      description: '',
      is_verified: false,
      role: 'user',
    });
    await t.jiffy.database.db
      .updateTable('users')
      .set({ is_public: false })
      .where('id', '=', 'u_shy')
      .execute();
    const missingTag = (path: string) => `<meta name="jiffy-missing" content="${path}">`;
    // Nothing there for anyone: no such user, a path the channels API refuses (it would have
    // been a 400 from the site's own lookup), no such GIF. The site shows its 404 at once.
    for (const path of [
      '/no_such_person',
      '/no-such-page',
      '/wp-login.php',
      '/ada/Not_A_Slug',
      `/ada/${Array.from({ length: 9 }, (_, i) => `s${i}`).join('/')}`,
      '/%E2%98%83',
      '/gifs/nothing-nosuchgif',
      // A pasted address whose slug is longer than the router takes in a parameter.
      `/gifs/${'very-long-title-'.repeat(8)}nosuchgif`,
      '/gifs/nosuchgif/more',
    ]) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body, path).toContain(missingTag(path));
    }
    // A profile that is not public is a 404, but its owner may see their channel: the site asks.
    const shy = await get('/shy');
    expect(shy.statusCode).toBe(404);
    expect(shy.body).not.toContain('jiffy-missing');
    for (const path of ['/ada', '/about', '/edit/gifs']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).not.toContain('jiffy-missing');
    }
  });

  it('answers a channel below a user as the channels API would answer that visitor', async () => {
    const { users } = await permissionMatrix(t);
    const ann = users.ann!;
    for (const [name, visible] of [
      ['Cats', true],
      ['Secret', false],
    ] as const) {
      const made = await ann.post('/api/v4/channels/', { display_name: name, is_visible: visible });
      expect(made.statusCode).toBe(201);
    }
    const cookie = [...ann.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const asAnn = (url: string) => t.jiffy.app.inject({ url, headers: { ...html, cookie } });
    const found = await get('/ann/cats');
    expect(found.statusCode).toBe(200);
    expect(found.body).not.toContain('jiffy-missing');
    // No channel there, or one hidden from this visitor: the same 404, nothing to ask about.
    for (const path of ['/ann/dogs', '/ann/secret', '/ann/cats/kittens']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.body, path).toContain(`<meta name="jiffy-missing" content="${path}">`);
    }
    // Its owner sees their hidden channel.
    const owner = await asAnn('/ann/secret');
    expect(owner.statusCode).toBe(200);
    expect(owner.body).not.toContain('jiffy-missing');
  });

  it('keeps API misses JSON, and a site path JSON to whoever asks for JSON', async () => {
    const api = await get('/v1/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ meta: { status: 404 } });
    for (const accept of ['application/json', 'application/problem+json, */*;q=0.1']) {
      const json = await t.jiffy.app.inject({ url: '/no_such_person', headers: { accept } });
      expect(json.statusCode, accept).toBe(404);
      expect(json.headers['content-type'], accept).toContain('application/json');
    }
    // What link unfurlers, curl and Node's fetch send gets the page, as a browser does.
    for (const headers of [{}, { accept: '*/*' }, { accept: 'text/html, application/json' }]) {
      const page = await t.jiffy.app.inject({ url: '/no_such_person', headers });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
    }
    const post = await t.jiffy.app.inject({ method: 'POST', url: '/about', headers: html });
    expect(post.headers['content-type']).toContain('application/json');
  });
});
