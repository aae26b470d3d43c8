import { availableParallelism, loadavg } from 'node:os';
import type { JobOutput } from './ffmpeg-job.ts';

/**
 * Whether a job may run as two ffmpeg processes: ffmpeg 5.1 runs the filter graph and every
 * encoder but x264 on one thread, so a big job keeps one core busy while the other idles.
 * Splitting costs a second start and decode (≈ 150 ms CPU on the small bench GIF), which only
 * pays when a core is free: under load the scheduler shares the cores out per session, so the
 * extra CPU just comes out of the same share. The one-minute load average is the signal.
 */
export function hasIdleCore(): boolean {
  const override = process.env['JIFFY_MEDIA_SPLIT'];
  if (override === 'always') return true;
  if (override === 'never') return false;
  const cores = availableParallelism();
  return cores > 1 && (loadavg()[0] ?? 0) <= cores - 1;
}

/**
 * The outputs as two jobs of about equal main-thread work: the GIFs (palette, dithering, GIF
 * encoder) in one, the MP4s and WebPs (format conversion, libwebp, x264's feed) in the other.
 * Each process computes the same shared palette from the same frames, so GIFs are unchanged.
 * Null when one side would be empty.
 */
export function splitByTail(outputs: readonly JobOutput[]): [JobOutput[], JobOutput[]] | null {
  const gifs = outputs.filter((o) => o.tail === 'gif');
  const others = outputs.filter((o) => o.tail !== 'gif');
  return gifs.length > 0 && others.length > 0 ? [others, gifs] : null;
}
