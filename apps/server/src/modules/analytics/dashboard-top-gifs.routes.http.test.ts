import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPayload } from '../gifs/gif.presenter.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { analyticsRollupJob } from './analytics-rollup.job.ts';

interface TopGif {
  gif_id: string;
  title: string;
  url: string;
  views: number;
}

let t: TestJiffy;
let users: Record<string, SiteClient>;

async function seen(gifId: string, times: number) {
  const response = await t.jiffy.app.inject({
    method: 'POST',
    url: '/v2/pingback',
    payload: {
      events: Array.from({ length: times }, () => ({
        action_type: 'SEEN',
        analytics_response_payload: analyticsPayload(gifId, 'r1'),
      })),
    },
  });
  expect(response.statusCode).toBe(200);
}

const topGifs = async (params = '') => {
  const response = await users.cat!.get(
    `/api/v1/analytics/dashboard/?username=cat&period=week${params}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { top_gifs: TopGif[]; totals: { views: number } } }>().data;
};

// The dashboard's Top GIFs after what happens to GIFs once they were seen: a takedown, a new
// title. They list what the public can open, under the title and link it has now.
beforeAll(async () => {
  t = await startTestJiffy({ ANALYTICS_ROLLUP_LAG_SECONDS: '0' }, { startWorkers: false });
  ({ users } = await permissionMatrix(t));
  const gifs = t.jiffy.services.gifRepository;
  await insertGifRow(gifs, { id: 'catSamba', title: 'Cat samba', user_id: 'idcat' });
  await insertGifRow(gifs, { id: 'catFilm', title: 'Cat film clip', user_id: 'idcat' });
  await insertGifRow(gifs, { id: 'catQuiet', title: 'Cat unlisted', user_id: 'idcat' });
  await seen('catFilm', 3);
  await seen('catSamba', 2);
  await seen('catQuiet', 1);
  const context = { finalAttempt: false, signal: new AbortController().signal, lane: null };
  await analyticsRollupJob(t.jiffy.services.rollups, 30).handle({}, context);
}, 120_000);
afterAll(() => t?.stop());

describe('the dashboard’s top GIFs', () => {
  it('drop a GIF once taken down and show a renamed GIF’s new title and link', async () => {
    const site = t.jiffy.services.urls.publicUrl;
    const before = await topGifs();
    expect(before.top_gifs.map((g) => [g.gif_id, g.views])).toEqual([
      ['catFilm', 3],
      ['catSamba', 2],
      ['catQuiet', 1],
    ]);

    const taken = await users.mod!.post('/api/v3/content-takedown/takedown', {
      gif_id: 'catFilm',
      reason: 'copyright',
    });
    expect(taken.statusCode).toBe(200);
    const renamed = await users.cat!.post('/ajax/gif/update', {
      gif_id: 'catSamba',
      key: 'title',
      value: 'Cat salsa',
    });
    expect(renamed.statusCode).toBe(200);
    // Unlisted is still a page anyone with the link opens: its views stay listed.
    const unlisted = await users.cat!.post('/ajax/gif/update', {
      gif_id: 'catQuiet',
      key: 'visibility',
      value: 'unlisted',
    });
    expect(unlisted.statusCode).toBe(200);

    const after = await topGifs();
    expect(after.top_gifs.map((g) => [g.gif_id, g.title, g.url, g.views])).toEqual([
      ['catSamba', 'Cat salsa', `${site}/gifs/cat-salsa-catSamba`, 2],
      ['catQuiet', 'Cat unlisted', `${site}/gifs/catQuiet`, 1], // its row's slug: the id
    ]);
    // The views it had before the takedown still count in the totals: they happened.
    expect(after.totals.views).toBe(6);
    // Each link opens the GIF's page.
    for (const gif of after.top_gifs) {
      const page = await t.jiffy.app.inject(new URL(gif.url).pathname);
      expect(page.statusCode, gif.url).toBe(200);
    }
    // Narrowed to the taken-down GIF: its figures, but it is no top GIF.
    const one = await topGifs('&gif_id=catFilm');
    expect(one.totals.views).toBe(3);
    expect(one.top_gifs).toEqual([]);
  });
});
