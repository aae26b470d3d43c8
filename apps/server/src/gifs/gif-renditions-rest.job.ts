import type { JobDefinition } from '../jobs/job-types.ts';
import type { GifProcessingService } from './gif-processing.service.ts';

/** The renditions a page does not need at once (small, downsampled, downsized, preview, hd...). */
export function gifRenditionsRestJob(
  service: GifProcessingService,
): JobDefinition<'gif.renditions-rest'> {
  return {
    name: 'gif.renditions-rest',
    policy: { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true, priority: 0 },
    handle: ({ gifId }) => service.processRest(gifId),
  };
}
