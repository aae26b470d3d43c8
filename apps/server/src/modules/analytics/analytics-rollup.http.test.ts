import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPayload } from '../gifs/gif.presenter.ts';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { analyticsRollupJob } from './analytics-rollup.job.ts';

let t: TestJiffy;
const context = { finalAttempt: false, signal: new AbortController().signal, lane: null };
const runJob = () => analyticsRollupJob(t.jiffy.services.rollups, 30).handle({}, context);

beforeAll(async () => {
  t = await startTestJiffy({ ANALYTICS_ROLLUP_LAG_SECONDS: '0' }, { startWorkers: false });
  await t.jiffy.services.users.insert({
    id: 'idcat',
    username: 'cat',
    display_name: 'CAT',
    role: 'creator',
  });
  await insertGifRow(t.jiffy.services.gifRepository, { id: 'gifRollA', user_id: 'idcat' });
}, 60_000);
afterAll(() => t?.stop());

const event = (gifId: string) => (action: string) => ({
  action_type: action,
  analytics_response_payload: analyticsPayload(gifId, 'r1'),
  ts: Date.now(),
});

async function pingbacks(
  actions: string[],
  url: string,
  headers: Record<string, string>,
  gifId = 'gifRollA',
) {
  const response = await t.jiffy.app.inject({
    method: 'POST',
    url,
    headers,
    payload: { events: actions.map(event(gifId)) },
  });
  expect(response.json<{ data: { stored: number } }>().data.stored).toBe(actions.length);
}

/** The roll-up of gifRollA by source, as the dashboard reads it. */
async function counts() {
  const { rows } = await sql<Record<string, string>>`
    SELECT source, sum(views)::int AS views, sum(clicks)::int AS clicks,
      sum(shares)::int AS shares, sum(favorites)::int AS favorites, min(user_id) AS user_id
    FROM analytics_daily WHERE gif_id = 'gifRollA' GROUP BY source ORDER BY source`.execute(
    t.jiffy.database.db,
  );
  return rows;
}

/** A GIF's views, clicks, shares and favorites as its GIF object shows them. */
async function counters(gifId: string) {
  const gif = await t.jiffy.services.gifRepository.findById(gifId);
  return [gif!.view_count, gif!.click_count, gif!.share_count, gif!.favorite_count];
}

/** idcat's days by source, as the dashboard reads them. */
async function creatorDays() {
  const { rows } = await sql<Record<string, string | number>>`
    SELECT user_id, to_char(day, 'YYYY-MM-DD') AS day, source, views::int AS views,
      clicks::int AS clicks, shares::int AS shares, favorites::int AS favorites
    FROM analytics_creator_daily WHERE user_id = 'idcat' ORDER BY user_id, day, source`.execute(
    t.jiffy.database.db,
  );
  return rows;
}

describe('analytics roll-up', () => {
  it('counts each source once, whatever crashes or reruns', async () => {
    const site = t.jiffy.services.urls.publicUrl;
    await pingbacks(['SEEN', 'SEEN', 'CLICK'], '/v2/pingback', { origin: site });
    await pingbacks(['SEEN', 'SENT', 'HOVER'], '/v2/pingback', {
      origin: 'https://blog.example',
    });
    await pingbacks(['SEEN', 'FAVORITE'], `/v2/pingback?api_key=${t.apiKey}`, {});
    await pingbacks(['SEEN'], '/v2/pingback?api_key=nobodysKey', {});
    await pingbacks(['SEEN'], '/v2/pingback', { 'x-giphy-sdk-name': 'AndroidSDK' });
    const embed = await t.jiffy.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: {
        events: [
          { category: 'Embed', action: 'View', label: 'Load', gif_id: 'gifRollA' },
          { category: 'Embed', action: 'Click', label: 'Share', gif_id: 'gifRollA' },
          { category: 'Embed', action: 'Click', label: 'Image', gif_id: 'gifRollA' },
          { category: 'PageView', action: 'gif', page: '/gifs/gifRollA' },
        ],
      },
    });
    expect(embed.statusCode).toBe(202);

    // A crash between the counts and the watermark: the database refuses the watermark move.
    const db = t.jiffy.database.db;
    await sql`CREATE FUNCTION crash() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'crash mid-job'; END $$`.execute(db);
    await sql`CREATE TRIGGER crash BEFORE UPDATE ON analytics_watermarks
      FOR EACH ROW EXECUTE FUNCTION crash()`.execute(db);
    await expect(runJob()).rejects.toThrow(/crash mid-job/);
    expect(await counts()).toEqual([]);
    expect(await counters('gifRollA')).toEqual([0, 0, 0, 0]);
    expect(await creatorDays()).toEqual([]);
    await sql`DROP TRIGGER crash ON analytics_watermarks`.execute(db);

    await runJob();
    await runJob(); // nothing new: nothing counted twice
    // The GIF's counters: pingbacks only (the embed player's events are roll-up figures).
    expect(await counters('gifRollA')).toEqual([6, 1, 1, 1]);
    const row = (source: string, views: number, clicks: number, shares: number, favs: number) => ({
      source,
      views,
      clicks,
      shares,
      favorites: favs,
      user_id: 'idcat',
    });
    expect(await counts()).toEqual([
      row(`api:${t.apiKey}`, 1, 0, 0, 1),
      row('embed', 1, 1, 1, 0),
      row('other', 1, 0, 0, 0),
      row('sdk:AndroidSDK', 1, 0, 0, 0),
      row('site', 2, 1, 0, 0),
      row('widget', 1, 0, 1, 0),
    ]);

    // New events add to the same day's row.
    await pingbacks(['SEEN'], '/v2/pingback', { referer: `${site}/gifs/gifRollA` });
    await runJob();
    expect((await counts()).find((r) => r.source === 'site')?.views).toBe(3);
    expect(await counters('gifRollA')).toEqual([7, 1, 1, 1]);
  });

  it('keeps each creator’s days by source and GIFs by span equal to their GIFs’ roll-ups, as GIFs come and go', async () => {
    const db = t.jiffy.database.db;
    const totalsPerGif = async () =>
      (
        await sql<Record<string, string | number>>`
          SELECT s.span, d.gif_id, sum(views)::int AS views, sum(clicks)::int AS clicks,
            sum(shares)::int AS shares, sum(favorites)::int AS favorites
          FROM analytics_daily d CROSS JOIN unnest(ARRAY[1, 4, 16]) s(span)
          WHERE user_id = 'idcat' GROUP BY s.span, d.gif_id ORDER BY d.gif_id, s.span`.execute(db)
      ).rows;
    const spansPerGif = async () =>
      (
        await sql<Record<string, string | number>>`
          SELECT span, gif_id, sum(views)::int AS views, sum(clicks)::int AS clicks,
            sum(shares)::int AS shares, sum(favorites)::int AS favorites
          FROM analytics_gif_spans WHERE user_id = 'idcat'
          GROUP BY span, gif_id ORDER BY gif_id, span`.execute(db)
      ).rows;
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'gifRollB', user_id: 'idcat' });
    await pingbacks(['SEEN', 'SEEN', 'CLICK'], '/v2/pingback', {}, 'gifRollB');
    await pingbacks(['SEEN'], '/v2/pingback', { 'x-giphy-sdk-name': 'iOSSDK' }, 'gifRollB');
    await runJob();
    const perGif = async () =>
      (
        await sql<Record<string, string | number>>`
          SELECT user_id, to_char(day, 'YYYY-MM-DD') AS day, source, sum(views)::int AS views,
            sum(clicks)::int AS clicks, sum(shares)::int AS shares, sum(favorites)::int AS favorites
          FROM analytics_daily WHERE user_id = 'idcat'
          GROUP BY user_id, day, source ORDER BY user_id, day, source`.execute(db)
      ).rows;
    const widget = (days: Record<string, string | number>[]) =>
      days.find((d) => d.source === 'widget');
    const sources = async () => (await creatorDays()).map((d) => d.source);
    expect(widget(await creatorDays())).toMatchObject({ views: 3, clicks: 1, shares: 1 });
    expect(await sources()).toContain('sdk:iOSSDK');
    expect(await creatorDays()).toEqual(await perGif());
    // Each span length (1, 4 and 16 days) holds every GIF's counts once (all are today's).
    const totals = await totalsPerGif();
    expect(totals.map((r) => `${r.gif_id}/${r.span}`)).toEqual([
      'gifRollA/1',
      'gifRollA/4',
      'gifRollA/16',
      'gifRollB/1',
      'gifRollB/4',
      'gifRollB/16',
    ]);
    expect(await spansPerGif()).toEqual(totals);

    // A GIF deleted (a takedown that deletes) takes its roll-ups, and its share of the days.
    await db.deleteFrom('gifs').where('id', '=', 'gifRollB').execute();
    expect(widget(await creatorDays())).toMatchObject({ views: 1, clicks: 0, shares: 1 });
    expect(await sources()).not.toContain('sdk:iOSSDK');
    expect(await creatorDays()).toEqual(await perGif());
    expect(await spansPerGif()).toEqual(await totalsPerGif());
  });

  it('adds to the counters only the pingbacks not counted on arrival before the upgrade', async () => {
    const db = t.jiffy.database.db;
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'gifRollC', user_id: 'idcat' });
    // Before migration 0030 the request added its pingbacks to the counters itself.
    await pingbacks(['SEEN', 'CLICK'], '/v2/pingback', {}, 'gifRollC');
    await db
      .updateTable('gifs')
      .set({ view_count: 1, click_count: 1 })
      .where('id', '=', 'gifRollC')
      .execute();
    await sql`UPDATE analytics_watermarks SET counters_last_id = (SELECT max(id) FROM pingback_events)
      WHERE stream = 'pingback'`.execute(db);
    await pingbacks(['SEEN'], '/v2/pingback', {}, 'gifRollC');
    // A crash between the roll-up and the counters: the counters' watermark cannot move.
    await sql`CREATE FUNCTION crash_counters() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'crash before the counters'; END $$`.execute(db);
    await sql`CREATE TRIGGER crash_counters BEFORE UPDATE ON analytics_watermarks FOR EACH ROW
      WHEN (OLD.counters_last_id IS DISTINCT FROM NEW.counters_last_id)
      EXECUTE FUNCTION crash_counters()`.execute(db);
    await expect(runJob()).rejects.toThrow(/crash before the counters/);
    expect(await counters('gifRollC')).toEqual([1, 1, 0, 0]);
    await sql`DROP TRIGGER crash_counters ON analytics_watermarks`.execute(db);
    await runJob();
    await runJob();
    expect(await counters('gifRollC')).toEqual([2, 1, 0, 0]);
    // The roll-ups, which those requests never fed, count all three.
    const { rows } = await sql<{ views: number; clicks: number }>`
      SELECT sum(views)::int AS views, sum(clicks)::int AS clicks FROM analytics_daily
      WHERE gif_id = 'gifRollC'`.execute(db);
    expect(rows[0]).toEqual({ views: 2, clicks: 1 });
  });

  it('forgets raw events past the retention, never ones not yet rolled up or counted', async () => {
    const db = t.jiffy.database.db;
    const old = sql`now() - interval '40 days'`;
    await sql`INSERT INTO pingback_events (gif_id, action_type, occurred_at, received_at, source)
      VALUES ('gifRollA', 'SEEN', ${old}, ${old}, 'site')`.execute(db);
    const raw = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM pingback_events
          WHERE received_at < now() - interval '30 days'`.execute(db)
      ).rows[0]!.n;
    // Not rolled up yet: kept.
    expect(await t.jiffy.services.rollups.forget('pingback', 30, 1000)).toBe(0);
    expect(await raw()).toBe(1);
    // Rolled up but not in the GIFs' counters yet (their step failed): kept.
    await sql`CREATE OR REPLACE FUNCTION crash_counters() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'crash before the counters'; END $$`.execute(db);
    await sql`CREATE TRIGGER crash_counters BEFORE UPDATE ON analytics_watermarks FOR EACH ROW
      WHEN (OLD.counters_last_id IS DISTINCT FROM NEW.counters_last_id)
      EXECUTE FUNCTION crash_counters()`.execute(db);
    await expect(runJob()).rejects.toThrow(/crash before the counters/);
    await sql`DROP TRIGGER crash_counters ON analytics_watermarks`.execute(db);
    expect(await t.jiffy.services.rollups.forget('pingback', 30, 1000)).toBe(0);
    expect(await raw()).toBe(1);
    await runJob();
    expect(await raw()).toBe(0);
    const recent = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pingback_events`.execute(
      db,
    );
    expect(recent.rows[0]!.n).toBeGreaterThan(0);
  });
});
