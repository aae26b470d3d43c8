import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { RollupRepository } from './rollup.repository.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    'analytics.rollup': Record<string, never>;
  }
}

/** Event ids per roll-up step (one transaction each). */
export const ROLLUP_BATCH = 50_000;
/** Pingbacks per counters step: a roll-up period's worth at 20,000 a second (see count()). */
export const COUNTER_BATCH = 1_500_000;

/**
 * Rolls raw pingbacks and embed events up into daily counts and the rolled-up pingbacks into
 * the GIFs' counters (see RollupRepository), then forgets raw events past `retentionDays`.
 * Each batch commits on its own, so a stop or a crash loses at most the batch in flight, which
 * the next run redoes from the watermark.
 */
export function analyticsRollupJob(
  rollups: RollupRepository,
  retentionDays: number,
): JobDefinition<'analytics.rollup'> {
  return {
    name: 'analytics.rollup',
    policy: { retryLimit: 1, retryDelaySeconds: 30, retryBackoff: false, priority: 2 },
    handle: async (_data, { signal }) => {
      for (const stream of ['pingback', 'site'] as const) {
        while (!signal.aborted && (await rollups.step(stream, ROLLUP_BATCH)) > 0);
        if (stream === 'pingback')
          while (!signal.aborted && (await rollups.count(COUNTER_BATCH)) > 0);
        while (
          !signal.aborted &&
          (await rollups.forget(stream, retentionDays, ROLLUP_BATCH)) === ROLLUP_BATCH
        );
      }
      return 'success';
    },
  };
}
