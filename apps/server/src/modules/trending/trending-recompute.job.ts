import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { TrendingRepository } from './trending.repository.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    'trending.recompute': Record<string, never>;
  }
}

/** Recomputes trending from recent pingbacks (see TrendingRepository.recompute). */
export function trendingRecomputeJob(
  trending: TrendingRepository,
): JobDefinition<'trending.recompute'> {
  return {
    name: 'trending.recompute',
    policy: { retryLimit: 1, retryDelaySeconds: 10, retryBackoff: false, priority: 5 },
    handle: async () => {
      await trending.recompute();
      return 'success';
    },
  };
}
