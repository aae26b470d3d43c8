import { copyFile } from 'node:fs/promises';
import type { RenditionFile } from '../types.ts';
import { exists, outPath, settleAll, workPath, type RenderContext } from './context.ts';
import { describeOutputs, type ProducedRendition } from './describe-output.ts';
import { runFfmpegJob, type JobOutput } from './ffmpeg-job.ts';
import { outputSet } from './job-outputs.ts';
import { writeClip } from './clip.ts';
import { loopingCopy, writeLooping } from './looping.ts';
import {
  byteCaps,
  downsampledFrames,
  downsizedSmallSeconds,
  extractSeconds,
  previewFrames,
  previewSeconds,
} from './plan.ts';
import { finishCapped } from './rest-finish.ts';
import { writeStill, writeWebp } from './sharp-outputs.ts';
import { evenSize, sameSize } from './sizes.ts';
import { kbpsFor } from './size-caps.ts';
import { prepareSources } from './sources.ts';
import { mayUseSecondCore, splitByTail } from './split-job.ts';

/**
 * Everything the essential phase did not make. One ffmpeg process writes every MP4, animated
 * GIF and WebP from one decode (and joins `looping` from the essential phase's MP4 by stream
 * copy), or two (the GIFs; the MP4s and WebPs) when the machine is not busy, while sharp
 * writes the stills, each file measured as soon as it is written; then the byte-capped
 * renditions are settled. Essential files found in `outDir` are reused; missing
 * ones are remade here (then `looping` is joined after the run that makes its MP4).
 */
export async function renderRest(ctx: RenderContext): Promise<RenditionFile[]> {
  const { sizes, probe } = ctx;
  const essentialGif = outPath(ctx, 'original', 'gif');
  const essentialMp4 = outPath(ctx, 'original', 'mp4');
  const haveGif = await exists(essentialGif);
  const haveMp4 = await exists(essentialMp4);
  const reuseSourceGif = probe.format === 'gif' && sameSize(sizes.original, sizes.source);
  const hd = sizes.hd;
  const sources = await prepareSources(ctx, {
    ffmpeg: [sizes.fixedHeight, sizes.fixedWidth, sizes.original, ...(hd ? [hd] : [])],
    sharp: [sizes.fixedHeight, sizes.fixedHeightSmall, sizes.fixedWidthSmall, sizes.still480],
  });

  const ff = outputSet(ctx);
  for (const [name, size] of [
    ['fixed_height', sizes.fixedHeight],
    ['fixed_height_small', sizes.fixedHeightSmall],
    ['fixed_width_small', sizes.fixedWidthSmall],
  ] as const) {
    ff.add(name, 'mp4', { size });
    ff.add(name, 'gif', { size });
  }
  if (hd) ff.add('hd', 'mp4', { size: hd });
  const seconds = Math.max(extractSeconds(probe), 0.1);
  const smallSeconds = Math.min(seconds, downsizedSmallSeconds);
  ff.add('downsized_small', 'mp4', {
    size: sizes.downsizedSmall,
    maxSeconds: smallSeconds,
    kbps: kbpsFor(byteCaps.downsized_small, smallSeconds),
  });
  const shortSeconds = Math.min(seconds, previewSeconds);
  ff.add('preview', 'mp4', {
    size: sizes.preview,
    maxSeconds: shortSeconds,
    kbps: kbpsFor(byteCaps.preview, shortSeconds),
  });
  const six = { kind: 'pick', count: downsampledFrames } as const;
  for (const [name, size] of [
    ['fixed_height_downsampled', sizes.fixedHeight],
    ['fixed_width_downsampled', sizes.fixedWidth],
  ] as const) {
    ff.add(name, 'gif', { size, frames: six });
    ff.add(name, 'webp', { size, frames: six });
  }
  const few = { kind: 'pick', count: previewFrames } as const;
  ff.add('preview_gif', 'gif', { size: sizes.previewGif, frames: few });
  ff.add('preview_webp', 'webp', { size: sizes.previewGif, frames: few, quality: 50 });
  const originalMp4 = haveMp4 ? essentialMp4 : workPath(ctx, 'original.mp4');
  if (!haveMp4) ff.internal({ tail: 'mp4', size: evenSize(sizes.original), path: originalMp4 });
  let originalGif = haveGif ? essentialGif : reuseSourceGif ? ctx.source : null;
  if (!originalGif) {
    originalGif = workPath(ctx, 'original.gif');
    ff.internal({ tail: 'gif', size: sizes.original, path: originalGif });
  }

  // Each sharp file is measured as soon as it is written, while ffmpeg is still at work.
  const sharpMeasured: Array<Promise<RenditionFile[]>> = [];
  const bySharp = (made: ProducedRendition, writing: Promise<void>): void => {
    sharpMeasured.push(writing.then(() => describeOutputs([made])));
  };
  for (const [name, size] of [
    ['fixed_height', sizes.fixedHeight],
    ['fixed_height_small', sizes.fixedHeightSmall],
    ['fixed_width_small', sizes.fixedWidthSmall],
  ] as const) {
    // ffmpeg has these frames scaled already for the MP4 and GIF: its libwebp costs about
    // half of a sharp pipeline that decodes the source again. A WebP source's frames reach
    // ffmpeg at one steady rate, so its WebPs stay sharp's (each frame keeps its delay).
    const path = outPath(ctx, name, 'webp');
    if (!sources.ffmpegInput.stdin) ff.add(name, 'webp', { size });
    else bySharp({ name, format: 'webp', path }, writeWebp(sources.sharp, { size, path }));
    const still = outPath(ctx, `${name}_still`, 'gif');
    bySharp(
      { name: `${name}_still`, format: 'gif', path: still },
      writeStill(sources.sharp, { size, path: still, format: 'gif' }),
    );
  }
  const stillFormat = ctx.alpha ? 'png' : 'jpg';
  const still480 = outPath(ctx, '480w_still', stillFormat);
  bySharp(
    { name: '480w_still', format: stillFormat, path: still480 },
    writeStill(sources.sharp, { size: sizes.still480, path: still480, format: stillFormat }),
  );

  // With the original MP4 already written (by the essential phase), `looping` is one more
  // output of this ffmpeg run rather than a process of its own afterwards.
  const looping = outPath(ctx, 'looping', 'mp4');
  const loopingNow = haveMp4 ? await loopingCopy(ctx, { mp4: originalMp4, path: looping }) : null;
  // A WebP source is fed through sharp, which would decode it once more for a second process.
  const split =
    !sources.ffmpegInput.stdin && mayUseSecondCore() ? splitByTail(ff.jobOutputs) : null;
  const jobs = split ?? [ff.jobOutputs];
  // Each job's final files are measured as soon as that job exits (with two jobs, while the
  // other still runs); the byte caps rewrite preview, downsized_small and preview_gif in
  // place, so those are measured after them.
  const rewritten = new Set<string>(['preview', 'downsized_small', 'preview_gif']);
  const finalOf = (outputs: readonly JobOutput[]): ProducedRendition[] => {
    const paths = new Set(outputs.map((o) => o.path));
    return ff.produced.filter((r) => !rewritten.has(r.name) && paths.has(r.path));
  };
  const jobRuns = jobs.map((outputs, i) =>
    runFfmpegJob({
      ff: ctx.ff,
      input: sources.ffmpegInput,
      source: sources.graph,
      outputs,
      ...(loopingNow && i === 0 ? { copies: [loopingNow] } : {}),
      limits: ctx.limits,
    }).then(() => sources.checkFeed()),
  );
  const jobMeasured = jobRuns.map((run, i) => run.then(() => describeOutputs(finalOf(jobs[i]!))));
  // Awaited below, after the byte caps start; a failure here is already thrown by the runs.
  const measuring = settleAll(jobMeasured).then((perJob) => {
    // In the order the renditions were added, whichever job wrote them.
    const byKey = new Map(perJob.flat().map((f) => [`${f.name}.${f.format}`, f]));
    return ff.produced.flatMap((r) => byKey.get(`${r.name}.${r.format}`) ?? []);
  });
  measuring.catch(() => undefined);
  await settleAll<unknown>([...jobRuns, ...sharpMeasured]);
  const sharpFiles = (await Promise.all(sharpMeasured)).flat();

  const clip = sizes.clip ? outPath(ctx, 'clip', 'mp4') : null;
  const finishing = (async () => {
    // One ffmpeg at a time: the loop join is a quick stream copy (unless made above), then
    // the byte caps, then the clip with its sound (sources with an audio track only).
    if (!haveMp4) await writeLooping(ctx, { mp4: originalMp4, path: looping });
    const capped = await ownCopies(ctx, await finishCapped(ctx, { sources, originalGif }));
    if (clip) await writeClip(ctx, { path: clip });
    return capped;
  })();
  await settleAll<unknown>([measuring, finishing]);
  const late = await describeOutputs([
    ...ff.produced.filter((r) => rewritten.has(r.name)),
    ...(await finishing),
    { name: 'looping', format: 'mp4', path: looping },
    ...(clip ? [{ name: 'clip' as const, format: 'mp4' as const, path: clip }] : []),
  ]);
  return [...(await measuring), ...sharpFiles, ...late];
}

/** A downsized rendition that reuses the source bytes gets its own copy in `outDir`. */
async function ownCopies(
  ctx: RenderContext,
  renditions: ProducedRendition[],
): Promise<ProducedRendition[]> {
  const copy = renditions.find((r) => r.path === ctx.source);
  if (!copy) return renditions;
  const path = outPath(ctx, copy.name, 'gif');
  await copyFile(ctx.source, path);
  return renditions.map((r) => (r.path === ctx.source ? { ...r, path } : r));
}
