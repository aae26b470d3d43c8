import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { type HostResolver, assertPublicUrl, isExemptHost } from './address-policy.ts';

/** A resolver answering from a fixed table, so no test depends on real DNS. */
function fakeResolver(table: Record<string, string[]>): HostResolver {
  return (hostname) => {
    const answers = table[hostname];
    if (answers === undefined) {
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = 'ENOTFOUND';
      return Promise.reject(error);
    }
    return Promise.resolve(
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

async function expectAppError(work: Promise<unknown>, code: string): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

describe('assertPublicUrl', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.1:8080/a.gif',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fc00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[64:ff9b::7f00:1]/',
    // Odd IPv4 spellings WHATWG parsing normalises to 127.0.0.1 / 169.254.169.254 / 10.0.0.1.
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://0177.0.0.1/',
    'http://2852039166/',
    'http://012.0.0.1/',
    'https://127.0.0.1./',
  ])('refuses the non-public literal %s', async (url) => {
    await expectAppError(assertPublicUrl(url, { resolve: fakeResolver({}) }), 'url_not_allowed');
  });

  it('says why in a safe message', async () => {
    const error = await expectAppError(assertPublicUrl('http://10.1.2.3/'), 'url_not_allowed');
    expect(error.message).toBe('URL points to a private network address');
    expect(error.status).toBe(400);
  });

  it('refuses localhost through real DNS', async () => {
    await expectAppError(assertPublicUrl('http://localhost/'), 'url_not_allowed');
    await expectAppError(assertPublicUrl('http://LOCALHOST:8080/x.gif'), 'url_not_allowed');
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/a.gif',
    'gopher://example.com/',
    'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    'javascript:alert(1)',
    'ws://example.com/',
    'not a url',
    '/relative/path.gif',
  ])('refuses %s', async (url) => {
    await expectAppError(assertPublicUrl(url), 'url_not_allowed');
  });

  it('refuses credentials in the URL', async () => {
    const resolve = fakeResolver({ 'cdn.example': ['93.184.216.34'] });
    await expectAppError(
      assertPublicUrl('http://user:pass@cdn.example/a.gif', { resolve }),
      'url_not_allowed',
    );
    await expectAppError(
      assertPublicUrl('http://user@cdn.example/a.gif', { resolve }),
      'url_not_allowed',
    );
  });

  it('refuses service ports but allows web and high ports', async () => {
    const resolve = fakeResolver({ 'cdn.example': ['93.184.216.34'] });
    for (const port of [22, 25, 6000, 6667, 10080, 1]) {
      await expectAppError(
        assertPublicUrl(`http://cdn.example:${port}/`, { resolve }),
        'url_not_allowed',
      );
    }
    for (const url of [
      'http://cdn.example/',
      'https://cdn.example:443/',
      'http://cdn.example:8080/',
    ]) {
      await expect(assertPublicUrl(url, { resolve })).resolves.toBeInstanceOf(URL);
    }
  });

  it('accepts a public literal without DNS and returns the normalised URL', async () => {
    const url = await assertPublicUrl('HTTP://93.184.216.34/a.gif', { resolve: fakeResolver({}) });
    expect(url.href).toBe('http://93.184.216.34/a.gif');
    await expect(assertPublicUrl('https://[2606:4700::1111]/')).resolves.toBeInstanceOf(URL);
  });

  it('accepts a host resolving only to public addresses', async () => {
    const resolve = fakeResolver({ 'cdn.example': ['93.184.216.34', '2606:2800:220:1::248'] });
    await expect(assertPublicUrl('https://cdn.example/a.gif', { resolve })).resolves.toBeInstanceOf(
      URL,
    );
  });

  it('refuses a host if ANY of its addresses is not public', async () => {
    const resolve = fakeResolver({
      'mixed.example': ['93.184.216.34', '127.0.0.1'],
      'metadata.example': ['169.254.169.254'],
      'v6.example': ['2606:2800:220:1::248', 'fd00:ec2::254'],
      'mapped.example': ['::ffff:10.0.0.1'],
    });
    for (const host of ['mixed.example', 'metadata.example', 'v6.example', 'mapped.example']) {
      const error = await expectAppError(
        assertPublicUrl(`http://${host}/`, { resolve }),
        'url_not_allowed',
      );
      expect(error.message).toBe('URL resolves to a private network address');
    }
  });

  it('fails with url_fetch_failed when the host does not resolve', async () => {
    const resolve = fakeResolver({ 'empty.example': [] });
    await expectAppError(
      assertPublicUrl('http://nxdomain.example/', { resolve }),
      'url_fetch_failed',
    );
    await expectAppError(assertPublicUrl('http://empty.example/', { resolve }), 'url_fetch_failed');
  });

  it('lets explicitly opted-in host:port pairs through, and only those', async () => {
    const allowPrivateHosts = ['127.0.0.1:43123', '[::1]:8080', 'LOCALHOST:3000'];
    for (const url of [
      'http://127.0.0.1:43123/a.gif',
      'http://[::1]:8080/',
      'http://localhost:3000/',
      'http://2130706433:43123/', // same address, odd spelling
    ]) {
      await expect(assertPublicUrl(url, { allowPrivateHosts })).resolves.toBeInstanceOf(URL);
    }
    for (const url of ['http://127.0.0.1:43124/', 'http://127.0.0.1/', 'http://localhost:3001/']) {
      await expectAppError(assertPublicUrl(url, { allowPrivateHosts }), 'url_not_allowed');
    }
    // The opt-in never lifts the scheme or credential rules.
    await expectAppError(
      assertPublicUrl('http://u:p@127.0.0.1:43123/', { allowPrivateHosts }),
      'url_not_allowed',
    );
  });
});

describe('isExemptHost', () => {
  it('compares with the scheme default port filled in', () => {
    expect(isExemptHost(new URL('http://nas.lan/'), ['nas.lan:80'])).toBe(true);
    expect(isExemptHost(new URL('https://nas.lan/'), ['nas.lan:443'])).toBe(true);
    expect(isExemptHost(new URL('https://nas.lan/'), ['nas.lan:80'])).toBe(false);
  });

  it('rejects entries without a port, since they are ambiguous', () => {
    expect(() => isExemptHost(new URL('http://nas.lan/'), ['nas.lan'])).toThrow(TypeError);
  });
});
