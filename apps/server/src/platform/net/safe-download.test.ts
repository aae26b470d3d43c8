import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import type { HostResolver } from './address-policy.ts';
import { type DownloadOptions, downloadToFile } from './safe-download.ts';
import { type FixtureServer, startFixtureServer } from '../../../testing/test-fixture-server.ts';

const GIF = randomBytes(3000);
const MAX_BYTES = 4096;

let allowed: FixtureServer; // opted in through allowPrivateHosts
let other: FixtureServer; // a loopback server nobody opted in to
let dir: string;

beforeAll(async () => {
  other = await startFixtureServer((_request, response) => {
    response.end('secret internal data');
  });
  allowed = await startFixtureServer((request, response) => {
    const path = request.url ?? '/';
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (path === '/file.gif') {
      response.writeHead(200, { 'content-type': 'image/gif', 'content-length': GIF.length });
      response.end(GIF);
    } else if (chain !== null) {
      const left = Number(chain[1]);
      response.writeHead(302, { location: left === 0 ? '/file.gif' : `/chain/${left - 1}` });
      response.end();
    } else if (path === '/to-other') {
      response.writeHead(302, { location: `${other.origin}/` });
      response.end();
    } else if (path === '/to-ftp') {
      response.writeHead(301, { location: 'ftp://example.com/a.gif' });
      response.end();
    } else if (path === '/big-declared') {
      response.writeHead(200, { 'content-length': MAX_BYTES + 1 });
      response.end(Buffer.alloc(MAX_BYTES + 1));
    } else if (path === '/big-chunked') {
      response.writeHead(200, { 'content-type': 'image/gif' });
      const chunk = Buffer.alloc(1024, 1);
      for (let i = 0; i < 64; i += 1) response.write(chunk);
      response.end();
    } else if (path === '/stall-headers') {
      // Never answers.
    } else if (path === '/stall-body') {
      response.writeHead(200, { 'content-length': 1000 });
      response.write(Buffer.alloc(10));
    } else {
      response.writeHead(404);
      response.end('not found');
    }
  });
});

afterAll(async () => {
  await Promise.all([allowed.close(), other.close()]);
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jiffy-net-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function options(overrides: Partial<DownloadOptions> = {}): DownloadOptions {
  return {
    destPath: join(dir, 'download.gif'),
    maxBytes: MAX_BYTES,
    timeoutMs: 5000,
    allowPrivateHosts: [allowed.hostPort],
    ...overrides,
  };
}

/** Asserts the download fails with `code` and leaves no file, partial or temp, behind. */
async function expectFailure(url: string, code: string, overrides: Partial<DownloadOptions> = {}) {
  const error = await downloadToFile(url, options(overrides)).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect(await readdir(dir)).toEqual([]);
  return error as AppError;
}

describe('downloadToFile', () => {
  it('downloads from an opted-in server with the importer User-Agent', async () => {
    const result = await downloadToFile(`${allowed.origin}/file.gif`, options());
    expect(result).toEqual({
      bytes: GIF.length,
      contentType: 'image/gif',
      finalUrl: `${allowed.origin}/file.gif`,
    });
    expect(await readFile(join(dir, 'download.gif'))).toEqual(GIF);
    expect(await readdir(dir)).toEqual(['download.gif']);
    expect(allowed.requests.at(-1)?.headers['user-agent']).toBe('Jiffy-Importer/1.0');
  });

  it('resolves an opted-in host name through the connect-time lookup', async () => {
    const result = await downloadToFile(
      `http://localhost:${allowed.port}/file.gif`,
      options({ allowPrivateHosts: [`localhost:${allowed.port}`] }),
    );
    expect(result.bytes).toBe(GIF.length);
  });

  it('refuses a local server that was not opted in, without contacting it', async () => {
    const seen = other.requests.length;
    await expectFailure(`${other.origin}/`, 'url_not_allowed', { allowPrivateHosts: [] });
    await expectFailure(`http://localhost:${other.port}/`, 'url_not_allowed');
    expect(other.requests.length).toBe(seen);
  });

  it('re-checks every redirect hop and refuses one into a non-opted-in port', async () => {
    const seen = other.requests.length;
    await expectFailure(`${allowed.origin}/to-other`, 'url_not_allowed');
    expect(other.requests.length).toBe(seen);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    await expectFailure(`${allowed.origin}/to-ftp`, 'url_not_allowed');
  });

  it('follows up to maxRedirects and reports the final URL', async () => {
    const result = await downloadToFile(`${allowed.origin}/chain/2`, options({ maxRedirects: 3 }));
    expect(result.finalUrl).toBe(`${allowed.origin}/file.gif`);
    expect(await readFile(join(dir, 'download.gif'))).toEqual(GIF);
  });

  it('fails with url_fetch_failed on a redirect chain longer than the max', async () => {
    await expectFailure(`${allowed.origin}/chain/5`, 'url_fetch_failed', { maxRedirects: 3 });
    // The default is 5 redirects.
    await expectFailure(`${allowed.origin}/chain/10`, 'url_fetch_failed');
  });

  it('refuses early when Content-Length exceeds maxBytes', async () => {
    const error = await expectFailure(`${allowed.origin}/big-declared`, 'file_too_large');
    expect(error.status).toBe(413);
  });

  it('aborts a chunked body once it passes maxBytes', async () => {
    await expectFailure(`${allowed.origin}/big-chunked`, 'file_too_large');
  });

  it('accepts a body of exactly maxBytes', async () => {
    const result = await downloadToFile(
      `${allowed.origin}/file.gif`,
      options({ maxBytes: GIF.length }),
    );
    expect(result.bytes).toBe(GIF.length);
  });

  it('times out a server that never answers', async () => {
    const started = Date.now();
    const error = await expectFailure(`${allowed.origin}/stall-headers`, 'url_fetch_failed', {
      timeoutMs: 300,
    });
    expect(error.message).toMatch(/timed out/i);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('times out a body that stalls half-way', async () => {
    const started = Date.now();
    await expectFailure(`${allowed.origin}/stall-body`, 'url_fetch_failed', { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('fails with url_fetch_failed on a 404', async () => {
    const error = await expectFailure(`${allowed.origin}/missing.gif`, 'url_fetch_failed');
    expect(error.message).toBe('Remote server answered HTTP 404');
  });

  it('fails with url_fetch_failed when nothing listens', async () => {
    const closed = await startFixtureServer(() => undefined);
    await closed.close();
    await expectFailure(`${closed.origin}/`, 'url_fetch_failed', {
      allowPrivateHosts: [closed.hostPort],
    });
  });

  it('checks the address actually dialled, defeating DNS rebinding', async () => {
    // First answer (the request-time check) is public; the connect-time one is loopback.
    let calls = 0;
    const resolve: HostResolver = () => {
      calls += 1;
      const address = calls === 1 ? '93.184.216.34' : '127.0.0.1';
      return Promise.resolve([{ address, family: 4 }]);
    };
    const seen = other.requests.length;
    await expectFailure(`http://rebind.example:${other.port}/`, 'url_not_allowed', { resolve });
    expect(calls).toBe(2);
    expect(other.requests.length).toBe(seen);
  });

  it('rethrows local file-system errors untouched', async () => {
    const destPath = join(dir, 'missing-dir', 'download.gif');
    await expect(
      downloadToFile(`${allowed.origin}/file.gif`, options({ destPath })),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
