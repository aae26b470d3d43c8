import { JobInterrupted, type JobDefinition } from '../../platform/jobs/job-types.ts';
import type { GifProcessingService } from './gif-processing.service.ts';

declare module '../../platform/jobs/job-types.ts' {
  interface JobCatalog {
    'gif.process': { gifId: string };
  }
}

/** Probe, essential renditions, perceptual hash → the GIF becomes ready. Runs before 'rest' jobs. */
export function gifProcessJob(service: GifProcessingService): JobDefinition<'gif.process'> {
  return {
    name: 'gif.process',
    policy: { retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, priority: 10 },
    handle: ({ gifId }, { lane }) => service.processEssential(gifId, lane),
    onGiveUp: ({ gifId }, error) =>
      service.markFailed(gifId, error instanceof JobInterrupted ? INTERRUPTED : FAILED),
  };
}

export const FAILED = {
  code: 'processing_failed',
  message: 'Processing failed repeatedly; try uploading again.',
};

export const INTERRUPTED = {
  code: 'processing_interrupted',
  message: 'Processing was interrupted on its last attempt (the worker stopped); try again.',
};
