import { sql } from 'kysely';
import {
  COUNTER_BATCH,
  ROLLUP_BATCH,
} from '../../apps/server/src/modules/analytics/analytics-rollup.job.ts';
import { RollupRepository } from '../../apps/server/src/modules/analytics/rollup.repository.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';

/** The roll-up job's batches, unless BENCH_ROLLUP_STEP asks for another step size. */
const STEP = Number(process.env.BENCH_ROLLUP_STEP ?? ROLLUP_BATCH);

/**
 * Rolls up every stored pingback not rolled up yet, as the `analytics.rollup` job does (steps
 * of ROLLUP_BATCH ids into the roll-ups, then ranges of up to COUNTER_BATCH into the GIFs'
 * counters, which fires the search postings' trigger): the rate the job keeps up with, which
 * must beat ingestion or the counters fall further behind. Resolves to the events folded, the
 * time, the GIFs touched, and the time of the baseline: a read-only grouping of the same rows.
 */
export async function rollUpPingbacks(databaseUrl: string, schema: string) {
  const database = await openDatabase({ url: databaseUrl, schema, poolSize: 1 });
  try {
    const { db } = database;
    const pending = await sql<{ events: number; gifs: number }>`
      SELECT count(*)::int AS events, count(DISTINCT gif_id)::int AS gifs FROM pingback_events
      WHERE id > (SELECT last_id FROM analytics_watermarks WHERE stream = 'pingback')`.execute(db);
    // Baseline: the roll-up's own grouping of the same rows, read only (no upsert, no counters).
    const bare = performance.now();
    await sql`SELECT count(*) FROM (
        SELECT gif_id, (occurred_at AT TIME ZONE 'UTC')::date, source,
          count(*) FILTER (WHERE action_type = 'SEEN'), count(*) FILTER (WHERE action_type = 'CLICK')
        FROM pingback_events
        WHERE id > (SELECT last_id FROM analytics_watermarks WHERE stream = 'pingback')
        GROUP BY 1, 2, 3) s`.execute(db);
    const bareMs = performance.now() - bare;
    const rollups = new RollupRepository(db, { lagSeconds: 0 });
    const steps: number[] = [];
    const started = performance.now();
    for (;;) {
      const step = performance.now();
      if ((await rollups.step('pingback', STEP)) === 0) break;
      steps.push(performance.now() - step);
    }
    const folded = performance.now();
    while ((await rollups.count(COUNTER_BATCH)) > 0);
    const counted = performance.now();
    // What autovacuum does within its naptime after a run (0030 sets the creators' roll-ups'
    // threshold low), so (c) reads them as the dashboard would a minute later.
    await sql`VACUUM analytics_gif_spans, analytics_creator_daily`.execute(db);
    return {
      ms: counted - started,
      foldMs: folded - started,
      countersMs: counted - folded,
      bareMs,
      step: STEP,
      steps,
      ...pending.rows[0]!,
    };
  } finally {
    await database.close();
  }
}
