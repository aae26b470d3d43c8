import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

const counts = ['views', 'clicks', 'shares', 'favorites'];

/** Where a per-GIF roll-up row's counts also go: a table and the key a row lands on there. */
interface Target {
  table: string;
  key: string[];
  /** The key from a roll-up row `d` (and any FROM item below), in `key`'s order. */
  keyOf: string;
  from?: string;
}

const creatorDays: Target = {
  table: 'analytics_creator_daily',
  key: ['user_id', 'day', 'source'],
  keyOf: 'd.user_id, d.day, d.source',
};

/** Aligned spans of days (analytics/day-spans.ts cuts a window into them). */
const gifSpans: Target = {
  table: 'analytics_gif_spans',
  key: ['user_id', 'span', 'start', 'gif_id'],
  keyOf: `d.user_id, s.span, date '1970-01-01' + (d.day - date '1970-01-01') / s.span * s.span,
    d.gif_id`,
  from: 'CROSS JOIN unnest(ARRAY[1, 4, 16]) AS s(span)',
};

/** The rows a statement changed as signed deltas: its new rows added, its old ones taken away. */
const deltas = (tables: { added?: string; removed?: string }) =>
  [
    tables.added &&
      `SELECT user_id, day, source, gif_id, ${counts.join(', ')} FROM ${tables.added}`,
    tables.removed &&
      `SELECT user_id, day, source, gif_id, ${counts.map((c) => `-${c}`).join(', ')}
       FROM ${tables.removed}`,
  ]
    .filter(Boolean)
    .join(' UNION ALL ');

const positions = (target: Target) => target.key.map((_, i) => i + 1).join(', ');

/**
 * Adds a statement's deltas to a target. Ordered by key, so two transactions adding to the
 * same creators lock their rows in the same order (no deadlock).
 */
const applyDeltas = (target: Target, tables: { added?: string; removed?: string }) => `
  INSERT INTO ${target.table} AS c (${target.key.join(', ')}, ${counts.join(', ')})
  SELECT ${target.keyOf}, ${counts.map((c) => `sum(d.${c})`).join(', ')}
  FROM (${deltas(tables)}) AS d(user_id, day, source, gif_id, ${counts.join(', ')})
    ${target.from ?? ''}
  WHERE d.user_id IS NOT NULL
  GROUP BY ${positions(target)}
  HAVING ${counts.map((c) => `sum(d.${c}) <> 0`).join(' OR ')}
  ORDER BY ${positions(target)}
  ON CONFLICT (${target.key.join(', ')}) DO UPDATE SET
    ${counts.map((c) => `${c} = c.${c} + excluded.${c}`).join(', ')}`;

/**
 * Forgets a target's rows a statement took to nothing (the creator's last GIF with figures
 * there went), so a dashboard lists no source or GIF with nothing in it, as the per-GIF
 * roll-ups these replace did not.
 */
const dropEmptied = (target: Target) => `
  DELETE FROM ${target.table} c
  USING (SELECT DISTINCT ${target.keyOf} FROM old_rows d ${target.from ?? ''})
    AS o(${target.key.join(', ')})
  WHERE ${target.key.map((k) => `c.${k} = o.${k}`).join(' AND ')}
    AND (${counts.map((c) => `c.${c}`).join(', ')}) = (0, 0, 0, 0)`;

const sync = (tables: { added?: string; removed?: string }) =>
  [creatorDays, gifSpans]
    .flatMap((target) => [
      applyDeltas(target, tables),
      ...(tables.removed ? [dropEmptied(target)] : []),
    ])
    .join(';\n') + ';';

const backfill = (target: Target) => `
  INSERT INTO ${target.table} (${target.key.join(', ')}, ${counts.join(', ')})
  SELECT ${target.keyOf}, ${counts.map((c) => `sum(d.${c})`).join(', ')}
  FROM analytics_daily d ${target.from ?? ''}
  WHERE d.user_id IS NOT NULL GROUP BY ${positions(target)}
  -- In key order, so the rows the roll-up keeps updating (each creator's latest spans) sit
  -- together instead of on every page, and the rest stay all-visible for index-only scans.
  ORDER BY ${positions(target)}`;

/**
 * Analytics at scale (see `npm run bench:analytics`).
 *
 * `analytics_creator_daily`: a creator's counts per UTC day and source, so a dashboard's
 * totals, series and sources read about 30 × 4 rows for a month however many GIFs the creator
 * has (a 1,000-GIF creator's month was 60,990 `analytics_daily` rows, summed twice). It is kept
 * by statement triggers on `analytics_daily`, so every change to the per-GIF roll-ups (the
 * roll-up job's upserts, a GIF's roll-ups going with the GIF) moves it in the same transaction.
 *
 * `analytics_gif_spans`: a creator's counts per GIF over aligned spans of 1, 4 and 16 days,
 * kept by the same triggers. A dashboard's top GIFs over a window sum the few spans the window
 * is cut into (a month: at most 12, usually about 7; one row per GIF each), where
 * `analytics_daily` had a row per GIF, day and source (60,990 for the same month).
 *
 * Both are backfilled from the roll-ups standing.
 *
 * `analytics_watermarks.counters_last_id`: the GIFs' engagement counters now follow the
 * roll-up job instead of each pingback request, with a watermark of their own (the last
 * pingback id added to them). Pingbacks received before this migration were added to the
 * counters when they came, so it starts at the sequence's last value (not the table's max id,
 * which would miss inserts in flight while it runs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE analytics_creator_daily (
      user_id text NOT NULL,
      day date NOT NULL,
      source text NOT NULL,
      views bigint NOT NULL DEFAULT 0,
      clicks bigint NOT NULL DEFAULT 0,
      shares bigint NOT NULL DEFAULT 0,
      favorites bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, day, source)
    )`,
    // Covering: the top GIFs are summed from the index alone.
    `CREATE TABLE analytics_gif_spans (
      user_id text NOT NULL,
      span integer NOT NULL,
      start date NOT NULL,
      gif_id text NOT NULL,
      views bigint NOT NULL DEFAULT 0,
      clicks bigint NOT NULL DEFAULT 0,
      shares bigint NOT NULL DEFAULT 0,
      favorites bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, span, start, gif_id) INCLUDE (views, clicks, shares, favorites)
    )`,
    // Every roll-up run rewrites each active GIF's latest spans (a new row version: the counts
    // are in the index, so never a HOT update), which unmarks their pages all-visible, and the
    // top GIFs then read the heap too (a 1,000-GIF month: 9 ms against 4). Vacuum it once a
    // run's worth of rows died, not at the default fifth of the table.
    `ALTER TABLE analytics_gif_spans
      SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000)`,
    backfill(creatorDays),
    backfill(gifSpans),
    `CREATE FUNCTION jiffy_sync_creator_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${sync({ added: 'new_rows' })}
        ELSIF TG_OP = 'DELETE' THEN ${sync({ removed: 'old_rows' })}
        ELSE ${sync({ added: 'new_rows', removed: 'old_rows' })}
        END IF;
        RETURN NULL;
      END $$`,
    // One trigger per event: a trigger with transition tables may have only one.
    `CREATE TRIGGER analytics_creator_rollups_insert AFTER INSERT ON analytics_daily
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_creator_rollups()`,
    `CREATE TRIGGER analytics_creator_rollups_update AFTER UPDATE ON analytics_daily
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_creator_rollups()`,
    `CREATE TRIGGER analytics_creator_rollups_delete AFTER DELETE ON analytics_daily
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_creator_rollups()`,
    `ALTER TABLE analytics_watermarks ADD COLUMN counters_last_id bigint NOT NULL DEFAULT 0`,
    `UPDATE analytics_watermarks
      SET counters_last_id = (SELECT CASE WHEN is_called THEN last_value ELSE 0 END
                            FROM pingback_events_id_seq)
      WHERE stream = 'pingback'`,
  ]);
}
