import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { ChannelTagsService } from './channel-tags.service.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    /** Brings a channel's GIFs in line with its magic tags. */
    'channel.sync-magic-tags': { channelId: number };
  }
}

/**
 * Brings a channel's GIFs in line with its magic tags. Idempotent: a second run adds and
 * removes nothing. Few retries, soon: the site polls it for 4 s.
 */
export function channelSyncJob(tags: ChannelTagsService): JobDefinition<'channel.sync-magic-tags'> {
  return {
    name: 'channel.sync-magic-tags',
    // After a page's renditions (an upload waiting to be seen), before the rest phase.
    policy: { retryLimit: 2, retryDelaySeconds: 5, retryBackoff: true, priority: 5 },
    handle: ({ channelId }) => tags.sync(channelId),
  };
}
