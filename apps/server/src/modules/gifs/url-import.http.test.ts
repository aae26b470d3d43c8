import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/test-fixture-server.ts';
import { animatedImage } from '../../../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

describe('POST /v1/gifs with source_image_url', () => {
  let fixture: FixtureServer;
  let elsewhere: FixtureServer;
  let t: TestJiffy;

  beforeAll(async () => {
    const gif = await animatedImage({ width: 200, height: 150, frames: 5 });
    elsewhere = await startFixtureServer((_req, res) => res.end('internal secret'));
    fixture = await startFixtureServer((req, res) => {
      if (req.url === '/cat.gif')
        return res.writeHead(200, { 'content-type': 'image/gif' }).end(gif);
      if (req.url === '/notes.txt') return res.end('just some text, not a picture');
      if (req.url === '/sneaky')
        return res.writeHead(302, { location: `${elsewhere.origin}/x.gif` }).end();
      res.writeHead(404).end();
    });
    // The test opts in to its own loopback fixture server, and only to that one port.
    t = await startTestJiffy({ URL_IMPORT_ALLOW_HOSTS: fixture.hostPort });
  });
  afterAll(async () => {
    await t.stop();
    await fixture.close();
    await elsewhere.close();
  });

  const importUrl = (url: string) =>
    t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      payload: { api_key: t.apiKey, source_image_url: url, title: 'Imported', tags: 'imported' },
    });

  async function gifCount(): Promise<number> {
    const rows = await t.jiffy.services.gifRepository.countByStatusAndType();
    return rows.reduce((sum, r) => sum + r.count, 0);
  }

  it('fetches the URL in the job and processes it like an upload', async () => {
    const response = await importUrl(`${fixture.origin}/cat.gif`);
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { id: string } }>().data;
    expect(await t.waitForGif(id)).toBe('ready');
    const row = await t.jiffy.services.gifRepository.findById(id);
    expect(row).toMatchObject({
      source_format: 'gif',
      width: 200,
      height: 150,
      tags: ['imported'],
    });
    expect(row!.original_key).toBe(`gifs/${id}/source`);
  });

  it('fails the GIF, with the reason, when a redirect leads to a private address', async () => {
    const { id } = (await importUrl(`${fixture.origin}/sneaky`)).json<{ data: { id: string } }>()
      .data;
    expect(await t.waitForGif(id)).toBe('failed');
    const status = (await t.jiffy.app.inject(`/api/v1/uploads/${id}`)).json<{
      data: { error: { code: string; message: string } };
    }>();
    expect(status.data.error.code).toBe('url_not_allowed');
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('fails the GIF when the URL serves something that is not media', async () => {
    const { id } = (await importUrl(`${fixture.origin}/notes.txt`)).json<{ data: { id: string } }>()
      .data;
    expect(await t.waitForGif(id)).toBe('failed');
    expect((await t.jiffy.services.gifRepository.findById(id))!.failure_code).toBe(
      'unsupported_media_type',
    );
  });

  it('refuses internal addresses at once and records nothing', async () => {
    const before = await gifCount();
    for (const url of [
      'http://10.0.0.7/a.gif',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/a.gif',
      'http://localhost/a.gif',
      `${elsewhere.origin}/a.gif`,
      'file:///etc/passwd',
      'http://2130706433/a.gif',
    ]) {
      const response = await importUrl(url);
      expect(response.statusCode, url).toBe(400);
      const code = response.json<{ meta: { error_code: string } }>().meta.error_code;
      expect(['url_not_allowed', 'invalid_request'], url).toContain(code);
    }
    expect(await gifCount()).toBe(before);
  });
});
