/** What walking an image container's structure (no pixel decoding) tells us. */
export interface ImageStructure {
  width: number;
  height: number;
  /** One entry per frame, already normalised the way browsers play them. */
  delaysMs: number[];
  /** The container declares transparency somewhere (it may still be unused). */
  transparency: boolean;
  /** Some frame clears to the background, which browsers show as transparent. */
  disposesToBackground: boolean;
}

/**
 * Browsers play very short GIF/WebP/APNG delays (0 or 10 ms) at 100 ms; ffmpeg's GIF demuxer does
 * the same. Using the same rule everywhere keeps probe durations and renditions in step.
 */
export function normaliseDelayMs(delayMs: number): number {
  return delayMs < 20 ? 100 : delayMs;
}
