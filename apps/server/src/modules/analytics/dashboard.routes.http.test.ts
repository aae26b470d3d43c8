import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPayload } from '../gifs/gif.presenter.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { analyticsRollupJob } from './analytics-rollup.job.ts';

interface Figures {
  views: number;
  clicks: number;
  shares: number;
  favorites: number;
}
interface Dashboard {
  totals: Figures;
  series: (Figures & { date: string })[];
  sources: (Figures & { source: string; label: string })[];
  top_gifs: (Figures & { gif_id: string; title: string })[];
}

let t: TestJiffy;
let users: Record<string, SiteClient>;
let visitor: SiteClient;
const q = (path: string, params = 'username=cat') => `/api/v1/analytics/${path}?${params}`;

async function pingbacks(gifId: string, actions: string[], url: string, origin?: string) {
  const response = await t.jiffy.app.inject({
    method: 'POST',
    url,
    headers: origin ? { origin } : {},
    payload: {
      events: actions.map((action_type) => ({
        action_type,
        analytics_response_payload: analyticsPayload(gifId, 'r1'),
      })),
    },
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await startTestJiffy({ ANALYTICS_ROLLUP_LAG_SECONDS: '0' }, { startWorkers: false });
  ({ users, visitor } = await permissionMatrix(t));
  const gifs = t.jiffy.services.gifRepository;
  await insertGifRow(gifs, {
    id: 'catDance',
    title: 'Cat dance',
    tags: ['dance'],
    user_id: 'idcat',
  });
  await insertGifRow(gifs, { id: 'catNap', title: '=Nap', tags: ['nap'], user_id: 'idcat' });
  await insertGifRow(gifs, { id: 'annGif', title: 'Ann dance', tags: ['dance'], user_id: 'idann' });
  // Nobody uploaded it: its searches are shown on no dashboard, so they are not counted.
  await insertGifRow(gifs, { id: 'nobodysGif', title: 'Waltz', tags: ['waltz'] });
  await insertGifRow(gifs, {
    id: 'catBroken',
    title: 'Broken',
    status: 'failed',
    failure_message: 'The file is not an image.',
    user_id: 'idcat',
  });
  await insertGifRow(gifs, { id: 'catGone', title: 'Gone', status: 'removed', user_id: 'idcat' });
  await insertGifRow(gifs, {
    id: 'catBaking',
    title: 'Baking',
    status: 'processing',
    user_id: 'idcat',
  });
  await sql`INSERT INTO gif_takedowns (gif_id, uploader_user_id, reason)
    VALUES ('catGone', 'idcat', 'copyright')`.execute(t.jiffy.database.db);

  const site = t.jiffy.services.urls.publicUrl;
  await pingbacks('catDance', ['SEEN', 'SEEN', 'CLICK', 'FAVORITE'], '/v2/pingback', site);
  await pingbacks('catDance', ['SEEN', 'SENT'], '/v2/pingback', 'https://blog.example');
  await pingbacks('catNap', ['SEEN'], `/v2/pingback?api_key=${t.apiKey}`);
  await pingbacks('annGif', ['SEEN', 'SEEN', 'SEEN'], '/v2/pingback', site);
  await t.jiffy.app.inject({
    method: 'POST',
    url: '/api/v1/analytics/events',
    payload: { events: [{ category: 'Embed', action: 'View', label: 'Load', gif_id: 'catNap' }] },
  });
  for (const term of ['dance', 'Dance', 'nap']) {
    const found = await t.jiffy.app.inject(`/v1/gifs/search?api_key=${t.apiKey}&q=${term}`);
    expect(found.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
  }
  await t.jiffy.services.discovery.flushSearchCounts();
  const context = { finalAttempt: false, signal: new AbortController().signal, lane: null };
  await analyticsRollupJob(t.jiffy.services.rollups, 30).handle({}, context);
}, 60_000);
afterAll(() => t?.stop());

describe('the creator dashboard API', () => {
  it('shows the creator their figures over time, by source and by GIF', async () => {
    const response = await users.cat!.get(q('dashboard/', 'username=cat&period=week'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { data } = response.json<{ data: Dashboard }>();
    expect(data.totals).toEqual({ views: 5, clicks: 1, shares: 1, favorites: 1 });
    expect(data.series).toHaveLength(7);
    expect(data.series.at(-1)).toMatchObject({ views: 5, clicks: 1 });
    expect(data.series[0]).toMatchObject({ views: 0 });
    expect(data.sources.map((s) => [s.source, s.label, s.views])).toEqual([
      ['site', 'site', 2],
      ['api', 'Instance default key', 1],
      ['embed', 'embed', 1],
      ['widget', 'widget', 1],
    ]);
    expect(data.top_gifs.map((g) => [g.gif_id, g.views])).toEqual([
      ['catDance', 3],
      ['catNap', 2],
    ]);

    const one = await users.cat!.get(q('dashboard/', 'username=cat&gif_id=catNap&period=day'));
    const nap = one.json<{ data: Dashboard }>().data;
    expect(nap.totals.views).toBe(2);
    expect(nap.series).toHaveLength(1);
  });

  it('ranks the searches that surfaced the creator’s GIFs, and only theirs', async () => {
    const response = await users.cat!.get(q('dashboard-trending-searches/'));
    expect(response.json()).toEqual({
      data: [
        { term: 'dance', surfaced: 2, gifs: 1 },
        { term: 'nap', surfaced: 1, gifs: 1 },
      ],
    });
    const ann = await users.ann!.get(q('dashboard-trending-searches/', 'username=ann'));
    expect(ann.json()).toEqual({ data: [{ term: 'dance', surfaced: 2, gifs: 1 }] });
    // Narrowed to one GIF, as the figures are.
    const nap = await users.cat!.get(
      q('dashboard-trending-searches/', 'username=cat&gif_id=catNap'),
    );
    expect(nap.json()).toEqual({ data: [{ term: 'nap', surfaced: 1, gifs: 1 }] });
  });

  it('counts no searches for a GIF nobody uploaded, though they showed it', async () => {
    const found = await t.jiffy.app.inject(`/v1/gifs/search?api_key=${t.apiKey}&q=waltz`);
    expect(found.json<{ data: { id: string }[] }>().data.map((g) => g.id)).toEqual(['nobodysGif']);
    await t.jiffy.services.discovery.flushSearchCounts();
    const { rows } = await sql<{ gif_id: string }>`
      SELECT DISTINCT gif_id FROM analytics_search_daily ORDER BY gif_id`.execute(
      t.jiffy.database.db,
    );
    expect(rows.map((r) => r.gif_id)).toEqual(['annGif', 'catDance', 'catNap']);
  });

  it('downloads the same figures as CSV, formulas made inert', async () => {
    const response = await users.cat!.get(q('dashboard/csv/'));
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('jiffy-dashboard-cat-week.csv');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('section,key,label,views,clicks,shares,favorites,surfaced');
    expect(lines).toContain('source,embed,embed,1,0,0,0,');
    expect(lines).toContain("gif,catNap,'=Nap,2,0,0,0,");
    expect(lines).toContain('search,dance,dance,,,,,2');
    expect(lines.filter((l) => l.startsWith('day,'))).toHaveLength(7);
    // One GIF's CSV: its figures and only the searches that led to it.
    const one = await users.cat!.get(q('dashboard/csv/', 'username=cat&gif_id=catNap'));
    const nap = one.body.trim().split('\n');
    expect(nap.filter((l) => l.startsWith('search,'))).toEqual(['search,nap,nap,,,,,1']);
    expect(nap.filter((l) => l.startsWith('gif,'))).toEqual(["gif,catNap,'=Nap,2,0,0,0,"]);
  });

  it('lists uploads not showing, with the reason and the editing page unless taken down or processing', async () => {
    const response = await users.cat!.get(q('dashboard-uploads/'));
    const rows = response.json<{ data: { id: string; status: string; reason: string }[] }>().data;
    expect(rows.map((r) => [r.id, r.status, r.reason]).sort()).toEqual([
      ['catBaking', 'processing', null],
      ['catBroken', 'failed', 'The file is not an image.'],
      ['catGone', 'removed', 'copyright'],
    ]);
    // A failed upload can be fixed; a taken-down one or one still processing cannot be edited
    // (409), so no page is offered.
    const editUrls = Object.fromEntries(
      rows.map((r) => [r.id, (r as { edit_url?: string | null }).edit_url]),
    );
    expect(editUrls).toEqual({
      catBaking: null,
      catBroken: '/edit/gifs/catBroken',
      catGone: null,
    });
    for (const gif_id of ['catGone', 'catBaking']) {
      const refused = await users.cat!.post('/ajax/gif/update', {
        gif_id,
        key: 'title',
        value: 'Back',
      });
      expect(refused.statusCode, gif_id).toBe(409);
    }
  });

  describe('permission matrix: the creator and staff; others 403, signed out 401', () => {
    const paths = [
      'dashboard/',
      'dashboard/csv/',
      'dashboard-trending-searches/',
      'dashboard-uploads/',
    ];
    for (const path of paths) {
      it(path, async () => {
        const status = async (who: string) => (await users[who]!.get(q(path))).statusCode;
        expect(await status('cat')).toBe(200);
        expect(await status('mod')).toBe(200);
        expect(await status('adm')).toBe(200);
        expect(await status('ann')).toBe(403);
        expect(await status('ben')).toBe(403);
        const anonymous = await visitor.get(q(path));
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.body).not.toContain('catDance');
        // An unknown name: no way for a user to tell it from someone else's.
        expect((await users.ann!.get(q(path, 'username=nobody'))).statusCode).toBe(403);
        expect((await users.mod!.get(q(path, 'username=nobody'))).statusCode).toBe(404);
      });
    }
  });

  it('refuses bad input with 400', async () => {
    for (const params of [
      '',
      'username=',
      `username=${'x'.repeat(51)}`,
      'username=cat&period=year',
      'username=cat&gif_id=../etc',
      'username=cat&limit=0',
      'username=cat&limit=abc',
    ]) {
      const path = params.includes('limit') ? 'dashboard-trending-searches/' : 'dashboard/';
      const response = await users.cat!.get(q(path, params));
      expect(response.statusCode, params).toBe(400);
    }
  });
});
