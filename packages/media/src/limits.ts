import { MediaError, type MediaLimits, type MediaProbe } from './types.ts';

/**
 * Longest side Jiffy takes whatever the pixel budget: WebP cannot encode past 16383, and a
 * 1x16M strip would pass a pixel-count check while still being useless to render.
 */
export const maxSourceSide = 16_383;

/**
 * Throws `dimensions_too_large`, `too_many_frames`, `duration_too_long` or `too_much_work` when a probed source
 * is past the limits. `probe` already applies this; calling it again is harmless.
 */
export function checkLimits(probe: MediaProbe, limits: MediaLimits): void {
  const { width, height } = probe;
  if (width * height > limits.maxPixelsPerFrame) {
    throw new MediaError(
      'dimensions_too_large',
      `The media is ${width}x${height}, more than ${limits.maxPixelsPerFrame} pixels per frame.`,
    );
  }
  if (width > maxSourceSide || height > maxSourceSide) {
    throw new MediaError(
      'dimensions_too_large',
      `The media is ${width}x${height}; neither side may pass ${maxSourceSide}.`,
    );
  }
  if (probe.frames > limits.maxFrames) {
    throw new MediaError(
      'too_many_frames',
      `The media has ${probe.frames} frames, more than ${limits.maxFrames}.`,
    );
  }
  if (probe.durationMs > limits.maxDurationMs) {
    throw new MediaError(
      'duration_too_long',
      `The media lasts ${Math.round(probe.durationMs)} ms, longer than ${limits.maxDurationMs} ms.`,
    );
  }
  checkDecodedWork(probe, limits);
}

/** Throws `too_much_work` when processing every frame would cost more than the budget. */
export function checkDecodedWork(
  probe: Pick<MediaProbe, 'width' | 'height' | 'frames'>,
  limits: Pick<MediaLimits, 'maxDecodedPixels'>,
): void {
  const work = decodedPixels(probe);
  if (work > limits.maxDecodedPixels) {
    throw new MediaError(
      'too_much_work',
      `The media has ${probe.frames} frames of ${probe.width}x${probe.height}: ${work} pixels ` +
        `to process, more than the ${limits.maxDecodedPixels} one upload may cost.`,
    );
  }
}

/**
 * Fixed cost of one source frame, in pixels: every frame goes through some twenty rendition
 * encoders at fixed sizes whatever its own size. Fitted on bench/media/work-budget.bench.ts:
 * 900 frames of 320x180 cost as much CPU as 280 of 800x450 (≈185 ns per unit for both).
 */
export const perFramePixels = 250_000;

/**
 * Work units a source costs: each frame's full canvas (a GIF frame that repaints one pixel is
 * still composed onto the whole screen, then scaled and encoded) plus `perFramePixels`. For
 * video the frame count is the stream's, or duration × fps when the container does not say.
 */
export function decodedPixels(probe: Pick<MediaProbe, 'width' | 'height' | 'frames'>): number {
  return (probe.width * probe.height + perFramePixels) * Math.max(1, probe.frames);
}

/**
 * Throws `file_too_large` past `maxBytes` and `corrupt_media` for an empty file. The server
 * enforces the cap while receiving; this is the same rule for files already on disk.
 */
export function checkByteSize(bytes: number, limits: MediaLimits): void {
  if (bytes <= 0) throw new MediaError('corrupt_media', 'The file is empty.');
  if (bytes > limits.maxBytes) {
    throw new MediaError('file_too_large', `The file is larger than ${limits.maxBytes} bytes.`);
  }
}
