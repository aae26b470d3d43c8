import { availableParallelism, loadavg } from 'node:os';
import type { JobOutput } from './ffmpeg-job.ts';

/**
 * Whether a render may spread its work over a second core, for a shorter wall time at some more
 * CPU; ffmpeg 5.1 runs the filter graph and every encoder but x264 on one thread, so a big job
 * keeps one core busy while the other idles. Two uses:
 * - the rest phase as two ffmpeg processes: a second start and decode (≈ 150–300 ms CPU on the
 *   bench GIFs). On the 2-core dev machine it cut the full set's wall time at a load of 5–7
 *   (small GIF 1.5–2.1 s against 2.2–3.5 s, large 3.9–5.3 s against 5.0–8.9 s) but gained
 *   nothing at 9–13, where the cores were taken anyway;
 * - original's WebP written by sharp beside the essential ffmpeg job rather than by the job from
 *   frames it has already decoded: on a quiet machine the phase took 483–488 ms against
 *   613 ms, for 120–160 ms more CPU.
 * So it is done below 4 runnable tasks per core (one-minute load average), where there is a core
 * to spare. `JIFFY_MEDIA_SPLIT=always|never` overrides it, for the benchmarks.
 */
export function mayUseSecondCore(): boolean {
  const override = process.env['JIFFY_MEDIA_SPLIT'];
  if (override === 'always') return true;
  if (override === 'never') return false;
  const cores = availableParallelism();
  return cores > 1 && (loadavg()[0] ?? 0) < 4 * cores;
}

/**
 * The outputs as two jobs of about equal main-thread work: the GIFs (palette, dithering, GIF
 * encoder) in one, the MP4s and WebPs (format conversion, libwebp, x264's feed) in the other.
 * The GIFs stay in one process, so they still share one palette, made as before.
 * Null when one side would be empty.
 */
export function splitByTail(outputs: readonly JobOutput[]): [JobOutput[], JobOutput[]] | null {
  const gifs = outputs.filter((o) => o.tail === 'gif');
  const others = outputs.filter((o) => o.tail !== 'gif');
  return gifs.length > 0 && others.length > 0 ? [others, gifs] : null;
}
