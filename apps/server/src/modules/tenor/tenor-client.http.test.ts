import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAnimatedGif } from '@jiffy/media/testing';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

// tenor-gif-api (npm): a Tenor v2 client whose base URL is fixed to Tenor's host. It keeps that
// URL in a plain property of the one FetchWrapper its services share, so moving it to Jiffy is
// one assignment: the "change only the host" an orphaned Tenor app makes.
const { default: TenorClient } = createRequire(import.meta.url)(
  'tenor-gif-api',
) as typeof import('tenor-gif-api');
type Client = InstanceType<typeof TenorClient>;

/** What the tests read of a result (the library's own ResponseObject type is not shipped). */
interface Result {
  id: string;
  media_formats: Record<string, { url: string; dims: number[]; size: number }>;
}
const resultsOf = (page: { results: unknown[] }): Result[] => page.results as Result[];
const idsOf = (page: { results: unknown[] }): string[] => resultsOf(page).map((r) => r.id);

function clientFor(base: string, key: string): Client {
  const client = new TenorClient(key, 'jiffy_client_test');
  const wrapper = (client.search as unknown as { fetchWrapper: { baseUrl: string } }).fetchWrapper;
  expect(wrapper.baseUrl).toBe('https://tenor.googleapis.com/v2');
  wrapper.baseUrl = `${base}/v2`;
  return client;
}

describe('a Tenor client library from npm, pointed at Jiffy over HTTP', () => {
  let t: TestJiffy;
  let address: string;
  let uploaded: string;
  beforeAll(async () => {
    // The client is one visitor on loopback; its own search is enough to make a trending term
    // here (how many people it takes is the trending searches' own test).
    t = await startTestJiffy({ TRENDING_SEARCH_MIN_VISITORS: '1' });
    const gif = await makeAnimatedGif({
      path: path.join(t.dataDir, 'client.gif'),
      width: 96,
      height: 64,
      frames: 4,
    });
    uploaded = await t.uploadFileAndWait(gif, { title: 'Client cat', tags: 'cat,client' });
    const now = Date.now();
    for (const [i, id] of ['clientcat1', 'clientcat2', 'clientcat3'].entries()) {
      await insertGifRow(t.jiffy.services.gifRepository, {
        id,
        title: `Cat number ${i + 1}`,
        tags: ['cat', 'kitten'],
        created_at: new Date(now - (i + 1) * 60_000),
      });
    }
    address = (await t.jiffy.listen())!;
  }, 240_000);
  afterAll(() => t.stop());

  it('searches, pages, and fetches a result’s media', async () => {
    const client = clientFor(address, t.apiKey);
    const first = await client.search.query({ q: 'cat', limit: 2, media_filter: 'tinygif,gif' });
    expect(first.results).toHaveLength(2);
    expect(first.next).not.toBe('');
    // A Tenor app repeats its parameters on every page; the cursor only says where to go on.
    const second = await client.search.query({
      q: 'cat',
      limit: 2,
      media_filter: 'tinygif,gif',
      pos: first.next,
    });
    const seen = [...idsOf(first), ...idsOf(second)];
    expect(seen.sort()).toEqual([uploaded, 'clientcat1', 'clientcat2', 'clientcat3'].sort());
    expect(second.next).toBe('');

    const mine = [...resultsOf(first), ...resultsOf(second)].find((r) => r.id === uploaded)!;
    expect(Object.keys(mine.media_formats).sort()).toEqual(['gif', 'tinygif']);
    const tiny = mine.media_formats.tinygif!;
    const media = await fetch(`${address}${new URL(tiny.url).pathname}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/gif');
    expect((await media.arrayBuffer()).byteLength).toBe(tiny.size);
  });

  it('reads featured, categories, suggestions, autocomplete and trending terms', async () => {
    const client = clientFor(address, t.apiKey);
    const featured = await client.featured.getFeatured({ limit: 3, contentfilter: 'high' });
    expect(idsOf(featured)).toEqual([uploaded, 'clientcat1', 'clientcat2']);
    const categories = await client.categories.getCategories({ type: 'featured' });
    expect(categories.tags.map((c) => (c as { name: string }).name)).toContain('#cat');
    const suggestions = await client.suggestions.getSuggestions({ q: 'cat', limit: 5 });
    expect(suggestions.results).toContain('kitten');
    const complete = await client.autocomplete.getAutocomplete({ q: 'kit' });
    expect(complete.results).toEqual(['kitten']);
    const trending = await client.trending.getTrendingTerms({ limit: 5 });
    expect(trending.results).toContain('cat');
  });

  it('registers a share and reads posts by id', async () => {
    const client = clientFor(address, t.apiKey);
    await expect(client.registerShare.registerShare({ id: uploaded, q: 'cat' })).resolves.toBe(
      undefined,
    );
    const sent = await t.jiffy.database.db
      .selectFrom('pingback_events')
      .select(['action_type', 'source'])
      .where('gif_id', '=', uploaded)
      .execute();
    expect(sent).toEqual([{ action_type: 'SENT', source: `api:${t.apiKey}` }]);

    const posts = await client.posts.getPosts({ ids: `clientcat2,${uploaded}` });
    expect(idsOf(posts)).toEqual(['clientcat2', uploaded]);
  });

  it('fails as the library fails for Tenor’s errors: a bad key, a share of nothing', async () => {
    const stranger = clientFor(address, 'not-a-jiffy-key');
    await expect(stranger.search.query({ q: 'cat' })).rejects.toThrow('401');
    const client = clientFor(address, t.apiKey);
    await expect(client.registerShare.registerShare({ id: 'nosuchgif' })).rejects.toThrow('404');
    const raw = await fetch(`${address}/v2/search?q=cat&key=not-a-jiffy-key`);
    expect(((await raw.json()) as { error: { status: string } }).error.status).toBe(
      'UNAUTHENTICATED',
    );
  });
});
