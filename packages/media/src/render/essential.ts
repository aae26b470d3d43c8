import { copyFile } from 'node:fs/promises';
import { MediaError, type RenditionFile } from '../types.ts';
import { outPath, settleAll, type RenderContext } from './context.ts';
import { describeOutputs, type ProducedRendition } from './describe-output.ts';
import { runFfmpegJob } from './ffmpeg-job.ts';
import { writeFirstFrameGif } from './gif-first-frame.ts';
import { outputSet } from './job-outputs.ts';
import { writeStill, writeWebp } from './sharp-outputs.ts';
import { evenSize, sameSize } from './sizes.ts';
import { mayUseSecondCore } from './split-job.ts';
import { prepareSources } from './sources.ts';

/**
 * What a page needs to show the GIF: `original` (gif, mp4, webp), `original_mp4`,
 * `original_still`, `fixed_width` (gif, mp4, webp) and `fixed_width_still`.
 *
 * One ffmpeg process decodes the source once and writes both MP4s, the animated GIFs
 * (ffmpeg's palette path costs about a third of libvips' GIF writer on busy footage) and
 * fixed_width's WebP; meanwhile sharp writes the stills (one decoded frame each) and, when a
 * core is spare, original's WebP. Every file is measured as soon as it is written. A source
 * GIF already at original size is reused byte for byte.
 */
export async function renderEssential(ctx: RenderContext): Promise<RenditionFile[]> {
  const { sizes, probe } = ctx;
  const reuseSourceGif = probe.format === 'gif' && sameSize(sizes.original, sizes.source);
  const sources = await prepareSources(ctx, {
    ffmpeg: [sizes.original, sizes.fixedWidth],
    sharp: [sizes.original, sizes.fixedWidth],
  });

  const ffmpeg = outputSet(ctx);
  const originalMp4 = ffmpeg.add('original', 'mp4', { size: evenSize(sizes.original) });
  ffmpeg.add('fixed_width', 'mp4', { size: evenSize(sizes.fixedWidth) });
  if (!reuseSourceGif) ffmpeg.add('original', 'gif', { size: sizes.original });
  ffmpeg.add('fixed_width', 'gif', { size: sizes.fixedWidth });

  // fixed_width's WebP comes from the frames ffmpeg has already scaled for its MP4 and GIF
  // (no second decode of the source). original's WebP, the phase's biggest encode, is sharp's
  // when a core is spare, so that it runs beside ffmpeg; on a busy machine the job writes it
  // too, for less CPU. A WebP source reaches ffmpeg as raw frames at one steady rate, so its
  // WebPs stay sharp's, which keep each frame's own delay.
  const originalWebpBySharp = !!sources.ffmpegInput.stdin || mayUseSecondCore();
  const early: ProducedRendition[] = [];
  const writing: Array<Promise<void>> = [];
  for (const [name, size] of [
    ['original', sizes.original],
    ['fixed_width', sizes.fixedWidth],
  ] as const) {
    const bySharp = name === 'original' ? originalWebpBySharp : !!sources.ffmpegInput.stdin;
    if (!bySharp) {
      ffmpeg.add(name, 'webp', { size });
      continue;
    }
    const path = outPath(ctx, name, 'webp');
    early.push({ name, format: 'webp', path });
    writing.push(writeWebp(sources.sharp, { size, path }));
  }
  for (const [name, size] of [
    ['original_still', sizes.original],
    ['fixed_width_still', sizes.fixedWidth],
  ] as const) {
    const path = outPath(ctx, name, 'gif');
    early.push({ name, format: 'gif', path });
    // A GIF already at original size gives its own first frame, copied (no decode).
    const copied = name === 'original_still' && reuseSourceGif;
    writing.push(
      (copied ? writeFirstFrameGif(ctx.source, path) : Promise.resolve(false)).then(
        async (done) => {
          if (!done) await writeStill(sources.sharp, { size, path, format: 'gif' });
        },
      ),
    );
  }
  // sharp's files (and the copied source) are measured as soon as each is written, while
  // ffmpeg is still encoding; ffmpeg's own files once it exits.
  if (reuseSourceGif) {
    const path = outPath(ctx, 'original', 'gif');
    writing.push(copyFile(ctx.source, path));
    early.push({ name: 'original', format: 'gif', path });
  }
  const late: ProducedRendition[] = [
    ...ffmpeg.produced,
    { name: 'original_mp4', format: 'mp4', path: originalMp4 },
  ];
  const [lateFiles, ...earlyFiles] = await settleAll([
    runFfmpegJob({
      ff: ctx.ff,
      input: sources.ffmpegInput,
      source: sources.graph,
      outputs: ffmpeg.jobOutputs,
      limits: ctx.limits,
    }).then(() => {
      sources.checkFeed();
      return describeOutputs(late);
    }),
    ...writing.map((task, i) => task.then(() => describeOutputs([early[i]!]))),
  ]);
  // In the order renditions were always listed: ffmpeg's, sharp's, the copy, original_mp4.
  const files = [...lateFiles!.slice(0, -1), ...earlyFiles.flat(), ...lateFiles!.slice(-1)];
  checkComplete(ctx, files.find((f) => f.name === 'original_mp4')?.frames ?? 0);
  return files;
}

/**
 * ffmpeg exits 0 on a source whose data stops early (a cut-off video whose index is intact),
 * writing a short output. Far fewer frames than probed means the source is damaged.
 */
function checkComplete(ctx: RenderContext, frames: number): void {
  const expected = ctx.probe.frames;
  if (expected >= 4 && frames < expected * 0.5) {
    throw new MediaError(
      'corrupt_media',
      `Only ${frames} of ${expected} frames could be decoded; the source is damaged.`,
    );
  }
}
