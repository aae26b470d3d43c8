import type { JobDefinition } from '../../platform/jobs/job-types.ts';
import type { GifProcessingService } from './gif-processing.service.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    'gif.renditions-rest': { gifId: string };
  }
}

/** The renditions a page does not need at once (small, downsampled, downsized, preview, hd...). */
export function gifRenditionsRestJob(
  service: GifProcessingService,
): JobDefinition<'gif.renditions-rest'> {
  return {
    name: 'gif.renditions-rest',
    policy: { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, priority: 0 },
    handle: ({ gifId }) => service.processRest(gifId),
    // The GIF stays ready with the renditions a page needs; its code says the rest will not come.
    onGiveUp: ({ gifId }) => service.giveUpRest(gifId, RENDITIONS_FAILED),
  };
}

export const RENDITIONS_FAILED = {
  code: 'renditions_failed',
  message: 'Some renditions could not be made; the GIF is served with those a page needs.',
};
