import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { AvatarService } from './avatar.service.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    'avatar.render': { userId: string; key: string };
  }
}

/** Renders an accepted avatar upload and makes it the user's avatar, outside the request. */
export function avatarRenderJob(avatars: AvatarService): JobDefinition<'avatar.render'> {
  return {
    name: 'avatar.render',
    // Small and waited for on the settings page: ahead of a GIF's remaining renditions.
    policy: { retryLimit: 2, retryDelaySeconds: 5, retryBackoff: true, priority: 5 },
    handle: ({ userId, key }) => avatars.render(userId, key),
    onGiveUp: ({ userId, key }) => avatars.fail(userId, key, 'processing_failed'),
  };
}
