import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/platform/db/schema.ts';
import { hashSecret, newSecret } from '../../apps/server/src/modules/accounts/secret-token.ts';
import { makeCorpus } from '../api/make-corpus.ts';

/** The shape of the stored analytics: GIFs, creators and days of roll-ups. */
export const scenario = {
  gifs: Number(process.env.BENCH_GIFS ?? 5_000),
  days: Number(process.env.BENCH_DAYS ?? 60),
  /** GIFs 1..starGifs belong to `star`, a big creator; the rest to 100 others (`c0`..`c99`). */
  starGifs: 1_000,
};

/**
 * Roll-ups standing for about 10 million raw events, generated in set-based statements (the
 * raw events themselves are never needed: the dashboard reads only roll-ups). Every GIF has a
 * `site` row every day; every 2nd GIF an `embed` row, every 3rd a `widget` row and every 5th
 * an `api:<key>` row. Views are 1..24 per row, clicks, shares and favorites fractions of them.
 * Search roll-ups: one term (of 54) per GIF per day.
 */
export async function seedAnalytics(db: Kysely<Database>, apiKey: string): Promise<void> {
  const { gifs, days, starGifs } = scenario;
  const have = await sql<{ n: string }>`SELECT count(*) AS n FROM gifs WHERE id LIKE 'bench%'`
    .execute(db)
    .then((r) => Number(r.rows[0]!.n));
  if (have < gifs) await makeCorpus(db, gifs);
  await sql`INSERT INTO users (id, username, display_name, role)
    SELECT u, u, u, 'creator' FROM unnest(ARRAY['star'] || ARRAY(SELECT 'c' || i FROM generate_series(0, 99) i)) u
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`UPDATE gifs SET user_id = CASE WHEN substr(id, 6)::int <= ${starGifs} THEN 'star'
    ELSE 'c' || (substr(id, 6)::int % 100) END WHERE id LIKE 'bench%' AND user_id IS NULL`.execute(
    db,
  );
  const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM analytics_daily`
    .execute(db)
    .then((r) => Number(r.rows[0]!.n));
  if (rows === 0) {
    await sql`INSERT INTO analytics_daily (gif_id, day, source, user_id, views, clicks, shares, favorites)
      SELECT g.id, current_date - d, s.source, g.user_id, v.views, v.views / 4, v.views / 8, v.views / 16
      FROM gifs g
      CROSS JOIN generate_series(0, ${days - 1}) d
      JOIN (VALUES ('site', 1), ('embed', 2), ('widget', 3), (${`api:${apiKey}`}, 5)) s(source, every)
        ON substr(g.id, 6)::int % s.every = 0
      CROSS JOIN LATERAL (SELECT 1 + abs(hashtext(g.id || d || s.source)) % 24 AS views) v
      WHERE g.id LIKE 'bench%' AND substr(g.id, 6)::int <= ${gifs}`.execute(db);
    await sql`INSERT INTO analytics_search_daily (gif_id, day, term, user_id, surfaced)
      SELECT g.id, current_date - d, g.tags[1 + d % 3], g.user_id, 1 + abs(hashtext(g.id || d)) % 20
      FROM gifs g CROSS JOIN generate_series(0, ${days - 1}) d
      WHERE g.id LIKE 'bench%' AND substr(g.id, 6)::int <= ${gifs}
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`VACUUM ANALYZE analytics_daily`.execute(db);
    await sql`VACUUM ANALYZE analytics_search_daily`.execute(db);
  }
  // The creators' roll-ups (migration 0030's backfill, then each run's roll-up of today's
  // pingbacks) as autovacuum would leave them: statistics, and pages marked all-visible so the
  // covering indexes answer without the heap.
  await sql`VACUUM ANALYZE analytics_creator_daily, analytics_gif_spans`.execute(db);
}

/** What the roll-ups hold: rows, and the raw events they stand for. */
export async function describeAnalytics(db: Kysely<Database>) {
  const { rows } = await sql<{ rows: string; events: string; star: string }>`
    SELECT count(*) AS rows, sum(views + clicks + shares + favorites) AS events,
      count(*) FILTER (WHERE user_id = 'star' AND day > current_date - 30) AS star
    FROM analytics_daily`.execute(db);
  const searches = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM analytics_search_daily`.execute(db);
  return {
    rollupRows: Number(rows[0]!.rows),
    events: Number(rows[0]!.events),
    starMonthRows: Number(rows[0]!.star),
    searchRows: Number(searches.rows[0]!.n),
  };
}

/** A session cookie for a user, as signing in would set (only its hash is stored). */
export async function sessionFor(db: Kysely<Database>, userId: string): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashSecret(token),
      user_id: userId,
      login_type: null,
      expires_at: new Date(Date.now() + 3600_000),
    })
    .execute();
  return token;
}
