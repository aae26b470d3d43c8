import { stat } from 'node:fs/promises';
import type { RenderContext } from './context.ts';
import type { GraphSource } from './ffmpeg-graph.ts';
import { fileInput } from './ffmpeg-input.ts';
import { runFfmpegJob, type JobOutput } from './ffmpeg-job.ts';
import { fitWithin, type Size } from './sizes.ts';

/** A file we wrote earlier in this call, used as the input of a smaller re-encode. */
export interface ProducedFile {
  path: string;
  format: 'gif' | 'mp4';
  size: Size;
  frames: number;
  durationSeconds: number;
}

/**
 * Re-encodes one of our own outputs smaller (for byte caps). Cheap: the input is already
 * small, so this costs far less than decoding the source again.
 */
export async function reencode(
  ctx: RenderContext,
  options: { from: ProducedFile; output: Omit<JobOutput, 'label' | 'alpha'> },
): Promise<number> {
  const { from } = options;
  const source: GraphSource = {
    size: from.size,
    base: from.size,
    extract: null,
    extractSeconds: Math.max(from.durationSeconds, 0.1),
    extractFrames: from.frames,
    exactFrames: true,
    paletteSample: fitWithin(from.size, { width: 160, height: 160 }),
    // Its frames already have the times to keep (a GIF's own delays, a video's rate).
    inputTimeBase: true,
  };
  await runFfmpegJob({
    ff: ctx.ff,
    input: fileInput({
      path: from.path,
      format: from.format === 'mp4' ? 'mp4' : 'gif',
      maxPixels: ctx.limits.maxPixelsPerFrame,
    }),
    source,
    outputs: [{ ...options.output, label: 'o0', alpha: ctx.alpha }],
    limits: ctx.limits,
  });
  return (await stat(options.output.path)).size;
}

/** Size of a file in bytes. */
export async function fileBytes(path: string): Promise<number> {
  return (await stat(path)).size;
}
