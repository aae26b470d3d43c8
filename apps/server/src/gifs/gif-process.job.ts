import type { JobDefinition } from '../jobs/job-types.ts';
import type { GifProcessingService } from './gif-processing.service.ts';

/** Probe, essential renditions, perceptual hash → the GIF becomes ready. Runs before 'rest' jobs. */
export function gifProcessJob(service: GifProcessingService): JobDefinition<'gif.process'> {
  return {
    name: 'gif.process',
    policy: { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, priority: 10 },
    handle: ({ gifId }) => service.processEssential(gifId),
    onGiveUp: ({ gifId }) =>
      service.markFailed(gifId, {
        code: 'processing_failed',
        message: 'Processing failed repeatedly; try uploading again.',
      }),
  };
}
