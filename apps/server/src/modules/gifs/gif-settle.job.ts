import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { SettleSweep } from './settle-sweep.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    'gif.settle': Record<string, never>;
  }
}

/** The periodic settle sweep (see SettleSweep): GIFs and blobs a job's end left unsettled. */
export function gifSettleJob(sweep: SettleSweep): JobDefinition<'gif.settle'> {
  return {
    name: 'gif.settle',
    // Between a page's renditions and the rest, as trending: quick, and never ahead of uploads.
    policy: { retryLimit: 1, retryDelaySeconds: 10, retryBackoff: false, priority: 5 },
    handle: async () => {
      await sweep.run();
      return 'success';
    },
  };
}
