import type { MediaLimits } from '@jiffy/media';
import type { Config } from './env.ts';

/** The media limits the configuration sets. */
export function mediaLimitsOf(config: Config): MediaLimits {
  return {
    maxBytes: config.MAX_UPLOAD_BYTES,
    maxPixelsPerFrame: config.MAX_PIXELS_PER_FRAME,
    maxFrames: config.MAX_FRAMES,
    maxDurationMs: config.MAX_DURATION_SECONDS * 1000,
    maxDecodedPixels: config.MAX_DECODED_PIXELS,
    processTimeoutMs: config.PROCESS_TIMEOUT_SECONDS * 1000,
  };
}
