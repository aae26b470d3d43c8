import type { JobDefinition, JobOutcome } from '../../platform/jobs/job-types.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    /** Sends followers on other servers what changed in the actors they follow. */
    'federation.sync': Record<string, never>;
  }
}

/** Periodic (FEDERATION_SYNC_SECONDS): the next run picks up what a failed one left. */
export function federationSyncJob(
  sync: () => Promise<JobOutcome>,
): JobDefinition<'federation.sync'> {
  return {
    name: 'federation.sync',
    policy: { retryLimit: 1, retryDelaySeconds: 10, retryBackoff: false, priority: 4 },
    handle: () => sync(),
  };
}
