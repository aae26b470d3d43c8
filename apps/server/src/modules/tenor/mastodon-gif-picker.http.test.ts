import path from 'node:path';
import { makeVideo } from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpAnalytics } from '../../../testing/analytics-rollup.ts';
import { animatedImage } from '../../../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

interface Media {
  url: string;
  dims: [number, number];
  duration: number;
  size: number;
  preview: string;
}
interface Result {
  id: string;
  content_description: string;
  flags: string[];
  hasaudio: boolean;
  media_formats: Record<string, Media>;
}
interface Page {
  results: Result[];
  next: string;
}

/** What a fediverse GIF picker asks for: the GIF to post, its grid tiles and their MP4s. */
const PICKER_FORMATS = ['gif', 'tinygif', 'nanogif', 'mp4', 'tinymp4'];
const contentTypes: Record<string, string> = { gif: 'image/gif', mp4: 'video/mp4' };
/** The fixtures' frames last 100 ms each. */
const FRAME_SECONDS = 0.1;

/**
 * A Mastodon-fork GIF picker (the kind built on Tenor v2 before it was switched off), pointed at
 * Jiffy: every call carries what such pickers send along, client name, locale, country, the
 * formats they embed and the filters an instance admin sets.
 */
describe('a Mastodon GIF picker pointed at Jiffy’s Tenor dialect', () => {
  let t: TestJiffy;
  const ids: Record<'nap' | 'judge' | 'wide' | 'sticker' | 'clip', string> = {
    nap: '',
    judge: '',
    wide: '',
    sticker: '',
    clip: '',
  };
  const frames = { nap: 6, judge: 4, wide: 5 };

  beforeAll(async () => {
    // Shares count at the next roll-up; at 0 s of lag the test's roll-up sees them at once.
    t = await startTestJiffy({ ANALYTICS_ROLLUP_LAG_SECONDS: '0' });
    const gif = async (name: string, size: { width: number; height: number; frames: number }) => ({
      name,
      bytes: await animatedImage(size),
    });
    ids.nap = await t.uploadAndWait(
      await gif('nap.gif', { width: 320, height: 180, frames: frames.nap }),
      { title: 'Cat nap', alt_text: 'A grey cat naps in the sun', tags: 'cat,kitten,sleepy' },
    );
    ids.judge = await t.uploadAndWait(
      await gif('judge.gif', { width: 160, height: 160, frames: frames.judge }),
      { title: 'Cat judges you', tags: 'cat,judging', rating: 'pg-13' },
    );
    // Uploaded through the API with tags only, as bulk imports are: no title, no alt text.
    ids.wide = await t.uploadAndWait(
      await gif('wide.gif', { width: 400, height: 100, frames: frames.wide }),
      { tags: 'cat,panorama' },
    );
    ids.sticker = await t.uploadAndWait(
      {
        name: 'ball.gif',
        bytes: await animatedImage({ width: 120, height: 120, frames: 4, alpha: true }),
      },
      { title: 'Cat ball', tags: 'cat,ball', is_sticker: 'true' },
    );
    const clip = await makeVideo({
      path: path.join(t.dataDir, 'purr.mp4'),
      width: 160,
      height: 120,
      seconds: 1,
      withSound: true,
    });
    ids.clip = await t.uploadFileAndWait(clip, { title: 'Cat purring', tags: 'cat,purr' });
  }, 120_000);
  afterAll(() => t.stop());

  /** The parameters a picker adds to every call, unknown ones of forks' own among them. */
  const pickerParams = (): string =>
    new URLSearchParams({
      key: t.apiKey,
      client_key: 'glitch-soc_fork_gif_picker',
      locale: 'en_US',
      country: 'US',
      // Extra parameters forks send along (cache busters, Tenor v1's anon_id): ignored.
      anon_id: '3a76e56901d740da9e59ffb22b988242',
      platform: 'web',
      _: '1733578374000',
    }).toString();
  const get = async <T>(url: string, headers: Record<string, string> = {}) => {
    const response = await t.jiffy.app.inject({
      url: `${url}${url.includes('?') ? '&' : '?'}${pickerParams()}`,
      headers,
    });
    return { status: response.statusCode, headers: response.headers, body: response.json<T>() };
  };
  const list = async (url: string): Promise<Page> => {
    const { status, body } = await get<Page>(url);
    expect([url, status]).toEqual([url, 200]);
    return body;
  };
  /** Every page of a list, as the picker scrolls: `pos` is the `next` before, until it is "". */
  const scroll = async (url: string): Promise<Result[][]> => {
    const pages: Result[][] = [];
    let pos = '';
    do {
      expect(pages.length).toBeLessThan(10);
      const page = await list(pos ? `${url}&pos=${encodeURIComponent(pos)}` : url);
      pages.push(page.results);
      pos = page.next;
    } while (pos !== '');
    return pages;
  };
  const idsOf = (results: Result[]) => results.map((r) => r.id);

  /**
   * What the picker does with a result: embeds each format's URL with its dims, size and
   * duration, and posts `content_description` as the alt text. Each URL must be one Jiffy
   * serves, with the bytes the entry promises.
   */
  const checkEmbeddable = async (result: Result, formats: string[]) => {
    expect([result.id, Object.keys(result.media_formats).sort()]).toEqual([
      result.id,
      [...formats].sort(),
    ]);
    expect(result.content_description.trim()).not.toBe('');
    for (const [format, media] of Object.entries(result.media_formats)) {
      const file = await t.jiffy.app.inject(new URL(media.url).pathname);
      const extension = new URL(media.url).pathname.split('.').pop()!;
      expect([format, file.statusCode, file.headers['content-type']]).toEqual([
        format,
        200,
        contentTypes[extension],
      ]);
      // Made on first request: listed with size 0 until then, its real size afterwards.
      if (media.size > 0) expect([format, file.rawPayload.length]).toEqual([format, media.size]);
      const [width, height] = media.dims;
      expect(width).toBeGreaterThan(0);
      expect(height).toBeGreaterThan(0);
      if (format.startsWith('tiny')) expect(width).toBe(200);
      if (format.startsWith('nano')) expect(height).toBe(90);
    }
  };

  const media = `media_filter=${PICKER_FORMATS.join(',')}`;

  it('opens on featured and categories, every tile one Jiffy serves', async () => {
    const opening = await scroll(`/v2/featured?limit=2&contentfilter=off&${media}`);
    const featured = opening.flat();
    // GIFs only: no sticker, and no clip with sound, in a GIF picker's grid.
    expect(idsOf(featured).sort()).toEqual([ids.nap, ids.judge, ids.wide].sort());
    expect(opening.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    for (const result of featured) await checkEmbeddable(result, PICKER_FORMATS);

    const nap = featured.find((r) => r.id === ids.nap)!;
    expect(nap.content_description).toBe('A grey cat naps in the sun');
    expect(nap.media_formats.gif!.dims).toEqual([320, 180]);
    expect(nap.media_formats.tinygif!.dims).toEqual([200, 112]);
    expect(nap.media_formats.nanogif!.dims).toEqual([160, 90]);
    expect(nap.media_formats.gif!.duration).toBeCloseTo(frames.nap * FRAME_SECONDS, 5);
    expect(nap.media_formats.mp4!.duration).toBeCloseTo(frames.nap * FRAME_SECONDS, 1);
    expect(featured.find((r) => r.id === ids.judge)!.content_description).toBe('Cat judges you');

    // The nano GIFs fetched above are made now: the next listing gives their real size.
    const again = await list(`/v2/featured?limit=3&${media}`);
    for (const result of again.results)
      expect(result.media_formats.nanogif!.size).toBeGreaterThan(0);

    const categories = await get<{ tags: { searchterm: string; path: string; image: string }[] }>(
      '/v2/categories?contentfilter=high',
    );
    expect(categories.status).toBe(200);
    const cat = categories.body.tags.find((tag) => tag.searchterm === 'cat')!;
    const image = await t.jiffy.app.inject(new URL(cat.image).pathname);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/gif']);
    // The category's path is a search the picker runs as it is.
    const fromCategory = await list(`${cat.path}&${media}`);
    expect(idsOf(fromCategory.results).sort()).toEqual([ids.nap, ids.wide].sort());
  });

  it('completes and suggests as the user types', async () => {
    const typed = await get<{ locale: string; results: string[] }>('/v2/autocomplete?q=ca&limit=5');
    expect(typed.status).toBe(200);
    expect(typed.body).toEqual({ locale: 'en_US', results: ['cat'] });
    const suggested = await get<{ results: string[] }>('/v2/search_suggestions?q=cat&limit=10');
    expect(suggested.status).toBe(200);
    expect(suggested.body.results).toEqual(expect.arrayContaining(['kitten', 'panorama']));
    expect(suggested.body.results).not.toContain('cat');
  });

  it('searches and scrolls to the end without a repeat, every result embeddable', async () => {
    const pages = await scroll(`/v2/search?q=cat&limit=1&${media}`);
    const seen = idsOf(pages.flat());
    expect(pages.every((page) => page.length === 1)).toBe(true);
    expect(seen.length).toBe(new Set(seen).size);
    expect([...seen].sort()).toEqual([ids.nap, ids.judge, ids.wide].sort());
    for (const result of pages.flat()) await checkEmbeddable(result, PICKER_FORMATS);
  });

  it('gives an untitled GIF alt text from its tags, not an empty one', async () => {
    const [wide] = (await list(`/v2/posts?ids=${ids.wide}&media_filter=tinygif`)).results;
    expect(wide!.content_description).toBe('GIF tagged cat, panorama');
  });

  it('starts from the top when the picker sends an empty or zero `pos`', async () => {
    const top = idsOf((await list(`/v2/search?q=cat&limit=2&${media}`)).results);
    expect(top).toHaveLength(2);
    for (const pos of ['', '0']) {
      const page = await list(`/v2/search?q=cat&limit=2&pos=${pos}&${media}`);
      expect([pos, idsOf(page.results)]).toEqual([pos, top]);
      expect(page.next).not.toBe('');
    }
  });

  it('keeps only G-rated GIFs with contentfilter=high, and standard shapes with ar_range', async () => {
    const safe = (await scroll(`/v2/search?q=cat&limit=2&contentfilter=high&${media}`)).flat();
    expect(idsOf(safe).sort()).toEqual([ids.nap, ids.wide].sort());
    const standard = await list(`/v2/search?q=cat&ar_range=standard&contentfilter=high&${media}`);
    expect(idsOf(standard.results)).toEqual([ids.nap]);
    const featured = await list(`/v2/featured?contentfilter=high&ar_range=standard&${media}`);
    expect(idsOf(featured.results)).toEqual([ids.nap]);
  });

  it('shows stickers in the sticker tab with their transparent formats', async () => {
    const formats = ['gif_transparent', 'tinygif_transparent'];
    const stickers = await list(
      `/v2/search?q=cat&searchfilter=sticker&media_filter=${formats.join(',')}`,
    );
    expect(idsOf(stickers.results)).toEqual([ids.sticker]);
    expect(stickers.results[0]!.flags).toEqual(['sticker']);
    await checkEmbeddable(stickers.results[0]!, formats);
  });

  it('registers the picked GIF’s share, counted with the GIF’s shares at the roll-up', async () => {
    const { db } = t.jiffy.database;
    const shares = async () =>
      (
        await db
          .selectFrom('gifs')
          .select('share_count')
          .where('id', '=', ids.nap)
          .executeTakeFirstOrThrow()
      ).share_count;
    const before = Number(await shares());
    const picked = await get<object>(`/v2/registershare?id=${ids.nap}&q=cat`);
    expect([picked.status, picked.body]).toEqual([200, {}]);
    await rollUpAnalytics(t);
    expect(Number(await shares())).toBe(before + 1);
    // The creator's stats show it as a share from this key's app.
    const daily = await db
      .selectFrom('analytics_daily')
      .select(['source', 'shares'])
      .where('gif_id', '=', ids.nap)
      .execute();
    expect(daily).toEqual([{ source: `api:${t.apiKey}`, shares: 1 }]);
  });

  it('answers a browser-based picker on another origin', async () => {
    const origin = { origin: 'https://social.example' };
    const search = await get<Page>(`/v2/search?q=cat&limit=1&${media}`, origin);
    expect(search.status).toBe(200);
    expect(search.headers['access-control-allow-origin']).toBe('*');
    const file = await t.jiffy.app.inject({
      url: new URL(search.body.results[0]!.media_formats.gif!.url).pathname,
      headers: origin,
    });
    // Pickers that attach the GIF to the post fetch its bytes from the browser.
    expect(file.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses only what Tenor refuses: an unknown key, not an unknown client_key', async () => {
    const unknownClient = await t.jiffy.app.inject(
      `/v2/featured?key=${t.apiKey}&client_key=${'x'.repeat(64)}&locale=pt-BR&country=br`,
    );
    expect(unknownClient.statusCode).toBe(200);
    const noKey = await t.jiffy.app.inject('/v2/featured?client_key=picker&locale=en_US');
    expect(noKey.statusCode).toBe(401);
  });
});
