import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { ModerationService } from './moderation.service.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    'moderation.purge-quarantine': Record<string, never>;
  }
}

/** Deletes quarantined takedown files past their retention (see purgeExpiredQuarantine). */
export function quarantinePurgeJob(
  moderation: ModerationService,
): JobDefinition<'moderation.purge-quarantine'> {
  return {
    name: 'moderation.purge-quarantine',
    policy: { retryLimit: 1, retryDelaySeconds: 60, retryBackoff: false, priority: 1 },
    handle: async () => {
      await moderation.purgeExpiredQuarantine();
      return 'success';
    },
  };
}
