import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPayload } from '../gifs/gif.presenter.ts';
import { insertGifRow } from '../testing/gif-rows.ts';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';
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

const event = (action: string) => ({
  action_type: action,
  analytics_response_payload: analyticsPayload('gifRollA', 'r1'),
  ts: Date.now(),
});

async function pingbacks(actions: string[], url: string, headers: Record<string, string>) {
  const response = await t.jiffy.app!.inject({
    method: 'POST',
    url,
    headers,
    payload: { events: actions.map(event) },
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
    const embed = await t.jiffy.app!.inject({
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
    await sql`DROP TRIGGER crash ON analytics_watermarks`.execute(db);

    await runJob();
    await runJob(); // nothing new: nothing counted twice
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
  });

  it('forgets raw events past the retention, never ones not yet rolled up', async () => {
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
    await runJob();
    expect(await raw()).toBe(0);
    const recent = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pingback_events`.execute(
      db,
    );
    expect(recent.rows[0]!.n).toBeGreaterThan(0);
  });
});
