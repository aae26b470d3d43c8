import { copyFile, writeFile } from 'node:fs/promises';
import { workPath, type RenderContext } from './context.ts';
import { copyOutputArgs, runFfmpegOnce, type CopyOutput } from './ffmpeg-job.ts';
import { setMp4LastDuration } from './mp4-last-duration.ts';
import { loopingMinMs } from './plan.ts';
import { ownLastDelayMs } from './sources.ts';

/** Repeats past this would only be hiding a broken duration. */
const maxRepeats = 50;

/**
 * `looping`: the original MP4 repeated until it lasts at least 5 s. The repeats are joined by
 * stream copy (concat demuxer), so no frame is encoded twice.
 */
export async function writeLooping(
  ctx: RenderContext,
  options: { mp4: string; path: string },
): Promise<void> {
  const copy = await loopingCopy(ctx, options);
  if (!copy) return;
  await runFfmpegOnce({
    ff: ctx.ff,
    limits: ctx.limits,
    what: 'looping',
    args: [...copy.input, ...copyOutputArgs(copy)],
  });
  if (copy.lastDelayMs !== undefined) await setMp4LastDuration(copy.path, copy.lastDelayMs);
}

/**
 * The stream copy that writes `looping` from an MP4 that already exists, for an ffmpeg job
 * that runs anyway to carry as one more input and output (saving a process start). Null when
 * one play is long enough: then the MP4 has been copied to `path` already.
 */
export async function loopingCopy(
  ctx: RenderContext,
  options: { mp4: string; path: string },
): Promise<CopyOutput | null> {
  const durationMs = ctx.probe.durationMs;
  const repeats =
    durationMs > 0 ? Math.min(maxRepeats, Math.max(1, Math.ceil(loopingMinMs / durationMs))) : 1;
  if (repeats === 1) {
    await copyFile(options.mp4, options.path);
    return null;
  }
  const list = workPath(ctx, 'looping.ffconcat');
  const entry = `file '${options.mp4.replaceAll("'", "'\\''")}'\n`;
  await writeFile(list, `ffconcat version 1.0\n${entry.repeat(repeats)}`);
  // The stream copy loses the last frame's duration (the original MP4 has it from its source).
  const lastDelayMs = ownLastDelayMs(ctx.probe);
  return {
    input: ['-protocol_whitelist', 'file', '-f', 'concat', '-safe', '0', '-i', list],
    path: options.path,
    ...(lastDelayMs !== undefined ? { lastDelayMs } : {}),
  };
}
