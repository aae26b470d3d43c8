import type { JobDefinition, JobOutcome } from '../../platform/jobs/job-types.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    /** Sends one activity to one remote inbox. */
    'federation.deliver': { deliveryId: number };
  }
}

/**
 * Sends one activity to one remote inbox. Many retries, backing off from half a minute to
 * about two hours: a server that is down for a while still gets what was sent meanwhile.
 */
export function federationDeliverJob(
  deliver: (deliveryId: number) => Promise<JobOutcome>,
): JobDefinition<'federation.deliver'> {
  return {
    name: 'federation.deliver',
    // After the uploads people wait for, before the instance's own bulk work.
    policy: { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true, priority: 4 },
    handle: ({ deliveryId }) => deliver(deliveryId),
  };
}
