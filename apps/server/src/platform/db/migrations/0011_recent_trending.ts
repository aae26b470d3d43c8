import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Trending from recent engagement. The `trending.recompute` job writes each GIF's engagement
 * of the last days, each pingback weighing less the older it is (`recent_engagement`), and
 * when it was last engaged with. The score stays a generated column, so it only changes when
 * the job (or an upload, or a moderator's trending_at) changes its inputs, and pages stay
 * stable between runs:
 *
 *   log10(1 + recent engagement) + (time it counts from) / 12.5 h
 *
 * The time it counts from is when the GIF arrived or was marked trending; a GIF engaged with
 * recently counts from no earlier than a day before that engagement, so an old favourite that
 * people pick up again can trend again. A day is about two log units: a GIF needs some 80
 * recent views to match an upload of this minute that nobody has seen yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE gifs ADD COLUMN recent_engagement double precision NOT NULL DEFAULT 0`,
    `ALTER TABLE gifs ADD COLUMN last_engaged_at timestamptz`,
    `ALTER TABLE gifs DROP COLUMN trending_score`,
    `ALTER TABLE gifs ADD COLUMN trending_score double precision GENERATED ALWAYS AS (
      log(1 + recent_engagement)
      + greatest(
          jiffy_epoch(coalesce(trending_at, created_at)),
          coalesce(jiffy_epoch(last_engaged_at) - 86400, 0)
        ) / 45000
    ) STORED`,
    `CREATE INDEX gifs_trending_score_idx ON gifs (type, trending_score DESC, id) WHERE status = 'ready'`,
    `CREATE INDEX pingback_events_recent_idx ON pingback_events (occurred_at)`,
  ]);
}
