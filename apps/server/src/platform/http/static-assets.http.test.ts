import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const siteAssets = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@jiffy/web/dist'))),
  'assets',
);
const embedAssets = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('@jiffy/embed/server'))),
  '..',
  'client',
);
const kitBundle = fileURLToPath(import.meta.resolve('@jiffy/widgets/standalone'));

// The built site, the embed player and the widget kit as a browser fetches them.
describe('built assets, precompressed', () => {
  let t: TestJiffy;
  /** The site's main chunk as the page links it, and its stylesheet as the build links it. */
  let mainChunk = '';
  let mainStyle = '';
  beforeAll(async () => {
    t = await startTestJiffy({}, { startWorkers: false });
    // A page without first GIFs written in names its boot script (those that have add it later).
    const page = await t.jiffy.app.inject({ url: '/about', headers: { accept: 'text/html' } });
    mainChunk = /src="\/assets\/(index-[\w-]+\.js)"/.exec(page.body)![1]!;
    // The page carries the stylesheet inline (site-shell.ts); the file is still served.
    const built = fs.readFileSync(path.join(siteAssets, '..', 'index.html'), 'utf8');
    mainStyle = /href="\/assets\/(index-[\w-]+\.css)"/.exec(built)![1]!;
  }, 60_000);
  afterAll(() => t.stop());

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.jiffy.app.inject({
      method,
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  const cases = () => [
    {
      url: `/assets/${mainChunk}`,
      file: path.join(siteAssets, mainChunk),
      type: 'text/javascript; charset=utf-8',
      caching: 'public, max-age=31536000, immutable',
    },
    {
      url: `/assets/${mainStyle}`,
      file: path.join(siteAssets, mainStyle),
      type: 'text/css; charset=utf-8',
      caching: 'public, max-age=31536000, immutable',
    },
    {
      url: '/embed-assets/embed.js',
      file: path.join(embedAssets, 'embed.js'),
      type: 'text/javascript; charset=utf-8',
      caching: 'public, max-age=3600',
    },
    {
      url: '/widgets-assets/jiffy-widgets.js',
      file: kitBundle,
      type: 'text/javascript; charset=utf-8',
      caching: 'public, max-age=3600',
    },
  ];

  it('sends the brotli file to a browser that accepts br', async () => {
    for (const { url, file, type, caching } of cases()) {
      for (const accept of ['br', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8']) {
        const response = await get(url, accept);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe('br');
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['content-type']).toBe(type);
        expect(response.headers['cache-control']).toBe(caching);
        // The bytes are the build's .br file, and they decode to the asset itself.
        expect(response.rawPayload.equals(fs.readFileSync(`${file}.br`))).toBe(true);
        expect(zlib.brotliDecompressSync(response.rawPayload).equals(fs.readFileSync(file))).toBe(
          true,
        );
        expect(response.rawPayload.length).toBeLessThan(fs.statSync(file).size / 2);
      }
    }
  });

  it('sends the gzip file to a browser that accepts gzip but not br', async () => {
    for (const { url, file, type, caching } of cases()) {
      const response = await get(url, 'gzip, deflate');
      expect(response.headers['content-encoding'], url).toBe('gzip');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe(caching);
      expect(zlib.gunzipSync(response.rawPayload).equals(fs.readFileSync(file))).toBe(true);
      expect(response.rawPayload.length).toBeLessThan(fs.statSync(file).size / 2);
    }
  });

  it('sends the file itself to a client that accepts neither', async () => {
    for (const { url, file, type, caching } of cases()) {
      for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
        const response = await get(url, accept);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBeUndefined();
        // Caches still keep the variants apart.
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['content-type']).toBe(type);
        expect(response.headers['cache-control']).toBe(caching);
        expect(response.rawPayload.equals(fs.readFileSync(file))).toBe(true);
      }
    }
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const response = await get(`/assets/${mainChunk}`, 'br', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toBe('');
  });

  it('keeps the kit loadable from any site and the player’s script frameable', async () => {
    const kit = await get('/widgets-assets/jiffy-widgets.js', 'br');
    expect(kit.headers['access-control-allow-origin']).toBe('*');
    expect(kit.headers['x-frame-options']).toBeUndefined();
    expect((await get('/embed-assets/embed.js', 'br')).headers['x-frame-options']).toBeUndefined();
    expect((await get(`/assets/${mainChunk}`, 'br')).headers['x-frame-options']).toBe('DENY');
  });

  it('serves nothing else from the build folders', async () => {
    for (const url of [
      `/assets/${mainChunk}.br`,
      `/assets/${mainChunk}.gz`,
      '/assets/nope.js',
      '/assets/',
      '/assets/../index.html',
      '/assets/%2e%2e/index.html',
      '/assets/.hidden',
      `/assets//${mainChunk}`,
      '/widgets-assets//jiffy-widgets.js',
      '/embed-assets/embed.js.br',
      '/embed-assets/other.js',
      '/widgets-assets/jiffy-widgets.js.gz',
      '/widgets-assets/esm/index.js',
      '/widgets-assets/types/index.d.ts',
      '/widgets-assets/%2e%2e/package.json',
    ]) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(404);
      // `..` takes the path out of the build folder (`/index.html`, `/package.json`): no page of
      // the site, so a client that does not ask for JSON gets the site's 404 page there,
      // compressed as every page is; elsewhere the error envelope, too small to compress.
      if (/\/(\.\.|%2e%2e)\//i.test(url)) {
        expect(response.headers['content-encoding'], url).toBe('br');
        expect(zlib.brotliDecompressSync(response.rawPayload).toString(), url).toContain(
          '<meta name="jiffy-missing"',
        );
      } else {
        expect(response.headers['content-encoding'], url).toBeUndefined();
        expect(response.json(), url).toMatchObject({ error: {} });
      }
    }
  });
});
