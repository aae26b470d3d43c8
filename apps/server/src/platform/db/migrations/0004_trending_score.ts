import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A trending score that never needs recomputing: log-scaled engagement plus the time the GIF
 * trended (or arrived) in units of 12.5 hours. Every GIF ages at the same rate, so ordering by
 * it is ordering by "engagement with time decay", and an index serves trending directly.
 * `extract(epoch ...)` does not depend on the time zone, so the wrapper may say IMMUTABLE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE FUNCTION jiffy_epoch(at timestamptz) RETURNS double precision
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT extract(epoch FROM at)::double precision $$`,
    `ALTER TABLE gifs ADD COLUMN trending_score double precision GENERATED ALWAYS AS (
      log(1 + view_count + 2 * click_count + 3 * (share_count + favorite_count))
      + jiffy_epoch(coalesce(trending_at, created_at)) / 45000
    ) STORED`,
    `CREATE INDEX gifs_trending_score_idx ON gifs (type, trending_score DESC, id) WHERE status = 'ready'`,
  ]);
}
