import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

const key = 'user_id, day, source';
const counts = ['views', 'clicks', 'shares', 'favorites'];

/** The rows a statement changed as signed deltas: its new rows added, its old ones taken away. */
const deltas = (tables: { added?: string; removed?: string }) =>
  [
    tables.added && `SELECT ${key}, ${counts.join(', ')} FROM ${tables.added}`,
    tables.removed &&
      `SELECT ${key}, ${counts.map((c) => `-${c} AS ${c}`).join(', ')} FROM ${tables.removed}`,
  ]
    .filter(Boolean)
    .join(' UNION ALL ');

/**
 * Adds a statement's deltas to the creators' days. Ordered by key, so two transactions adding
 * to the same creators lock their rows in the same order (no deadlock).
 */
const applyDeltas = (tables: { added?: string; removed?: string }) => `
  INSERT INTO analytics_creator_daily AS c (${key}, ${counts.join(', ')})
  SELECT ${key}, ${counts.map((c) => `sum(${c})`).join(', ')}
  FROM (${deltas(tables)}) d
  WHERE user_id IS NOT NULL
  GROUP BY ${key}
  HAVING ${counts.map((c) => `sum(${c}) <> 0`).join(' OR ')}
  ORDER BY ${key}
  ON CONFLICT (${key}) DO UPDATE SET
    ${counts.map((c) => `${c} = c.${c} + excluded.${c}`).join(', ')}`;

/**
 * Forgets the creators' days a statement took to nothing (their last GIF with figures that day
 * from that source went), so a dashboard lists no source with nothing in it, as the per-GIF
 * roll-ups it replaces did not.
 */
const dropEmptied = `
  DELETE FROM analytics_creator_daily c
  USING (SELECT DISTINCT ${key} FROM old_rows) o
  WHERE (c.user_id, c.day, c.source) = (o.user_id, o.day, o.source)
    AND (${counts.map((c) => `c.${c}`).join(', ')}) = (0, 0, 0, 0)`;

/**
 * Analytics at scale (issue 24, bench:analytics).
 *
 * `analytics_creator_daily`: a creator's counts per UTC day and source, so a dashboard's
 * totals, series and sources read about 30 × 4 rows for a month however many GIFs the creator
 * has (a 1,000-GIF creator's month was 60,990 `analytics_daily` rows, summed twice). It is kept
 * by statement triggers on `analytics_daily`, so every change to the per-GIF roll-ups (the
 * roll-up job's upserts, a GIF's roll-ups going with the GIF) moves it in the same transaction.
 * Backfilled from the roll-ups standing.
 *
 * `analytics_watermarks.counters_after`: the GIFs' engagement counters now follow the
 * roll-up job instead of each pingback request. Pingbacks received before this migration were
 * added to the counters when they came, so the job adds only ids above this one. The sequence's
 * last value (not the table's max id) also covers inserts in flight while it runs.
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
      PRIMARY KEY (${key})
    )`,
    `INSERT INTO analytics_creator_daily (${key}, ${counts.join(', ')})
      SELECT ${key}, ${counts.map((c) => `sum(${c})`).join(', ')}
      FROM analytics_daily WHERE user_id IS NOT NULL GROUP BY ${key}`,
    `CREATE FUNCTION jiffy_sync_creator_daily() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${applyDeltas({ added: 'new_rows' })};
        ELSIF TG_OP = 'DELETE' THEN ${applyDeltas({ removed: 'old_rows' })}; ${dropEmptied};
        ELSE ${applyDeltas({ added: 'new_rows', removed: 'old_rows' })}; ${dropEmptied};
        END IF;
        RETURN NULL;
      END $$`,
    // One trigger per event: a trigger with transition tables may have only one.
    `CREATE TRIGGER analytics_creator_daily_insert AFTER INSERT ON analytics_daily
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_creator_daily()`,
    `CREATE TRIGGER analytics_creator_daily_update AFTER UPDATE ON analytics_daily
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_creator_daily()`,
    `CREATE TRIGGER analytics_creator_daily_delete AFTER DELETE ON analytics_daily
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_creator_daily()`,
    `ALTER TABLE analytics_watermarks ADD COLUMN counters_after bigint NOT NULL DEFAULT 0`,
    `UPDATE analytics_watermarks
      SET counters_after = (SELECT CASE WHEN is_called THEN last_value ELSE 0 END
                            FROM pingback_events_id_seq)
      WHERE stream = 'pingback'`,
  ]);
}
