import { MediaError } from '../types.ts';
import { exists, outPath, type RenderContext } from './context.ts';
import type { ProducedRendition } from './describe-output.ts';
import { chooseDownsized, type GifCandidate } from './downsized.ts';
import {
  byteCaps,
  downsizedSmallSeconds,
  extractFrames,
  extractSeconds,
  previewFrames,
  previewSeconds,
} from './plan.ts';
import { fileBytes } from './reencode.ts';
import { capGif, capMp4, kbpsFor } from './size-caps.ts';
import { writeStill } from './sharp-outputs.ts';
import { fitsInside, sameSize, type Size } from './sizes.ts';
import type { PreparedSources } from './sources.ts';

/** `preview` is "around 50 KB": a little over is fine, double is not. */
const previewMp4Cap = 64 * 1024;

/**
 * After the main rest pass: holds `preview`, `downsized_small` and `preview_gif` to their byte
 * targets (re-encoding the small files already written), and picks the `downsized*` GIFs and
 * `downsized_still`. Returns the renditions this adds.
 */
export async function finishCapped(
  ctx: RenderContext,
  options: { sources: PreparedSources; originalGif: string },
): Promise<ProducedRendition[]> {
  const { sizes, probe } = ctx;
  const seconds = Math.max(extractSeconds(probe), 0.1);
  const shortSeconds = Math.min(seconds, previewSeconds);
  const smallSeconds = Math.min(seconds, downsizedSmallSeconds);
  await capMp4(ctx, {
    file: mp4File(outPath(ctx, 'preview', 'mp4'), sizes.preview, shortSeconds),
    capBytes: previewMp4Cap,
    kbps: kbpsFor(byteCaps.preview, shortSeconds),
  });
  const smallBytes = await capMp4(ctx, {
    file: mp4File(outPath(ctx, 'downsized_small', 'mp4'), sizes.downsizedSmall, smallSeconds),
    capBytes: byteCaps.downsized_small,
    kbps: kbpsFor(byteCaps.downsized_small, smallSeconds),
  });
  if (smallBytes >= byteCaps.downsized_small) {
    throw new MediaError('processing_failed', 'downsized_small stays over 200 KB.');
  }
  await capGif(ctx, {
    file: {
      path: outPath(ctx, 'preview_gif', 'gif'),
      format: 'gif',
      size: sizes.previewGif,
      frames: Math.min(previewFrames, extractFrames(probe)),
      durationSeconds: seconds,
    },
    capBytes: byteCaps.preview_gif,
  });

  const candidates = await gifCandidates(ctx, options.originalGif);
  const chosen = await chooseDownsized(ctx, { sources: options.sources, candidates });
  const produced: ProducedRendition[] = [...chosen].map(([name, pick]) => ({
    name,
    format: 'gif',
    path: pick.path,
  }));
  const downsized = chosen.get('downsized')!;
  produced.push({
    name: 'downsized_still',
    format: 'gif',
    path: await stillFor(ctx, { sources: options.sources, size: downsized.size }),
  });
  return produced;
}

/** Every animated GIF written so far that is no bigger than the original. */
async function gifCandidates(ctx: RenderContext, originalGif: string): Promise<GifCandidate[]> {
  const { sizes } = ctx;
  const known: Array<[string, Size]> = [
    [originalGif, sizes.original],
    [outPath(ctx, 'fixed_height', 'gif'), sizes.fixedHeight],
    [outPath(ctx, 'fixed_width', 'gif'), sizes.fixedWidth],
    [outPath(ctx, 'fixed_height_small', 'gif'), sizes.fixedHeightSmall],
    [outPath(ctx, 'fixed_width_small', 'gif'), sizes.fixedWidthSmall],
  ];
  const candidates: GifCandidate[] = [];
  for (const [path, size] of known) {
    // "Downsized" never means bigger than the original (fixed_* enlarge small sources).
    if (!fitsInside(size, sizes.original) || !(await exists(path))) continue;
    candidates.push({ path, size, bytes: await fileBytes(path) });
  }
  return candidates;
}

/** A first-frame still of `size`: an existing one of that size, else a new `downsized_still`. */
async function stillFor(
  ctx: RenderContext,
  options: { sources: PreparedSources; size: Size },
): Promise<string> {
  const { sizes } = ctx;
  const existing: Array<[string, Size]> = [
    [outPath(ctx, 'original_still', 'gif'), sizes.original],
    [outPath(ctx, 'fixed_height_still', 'gif'), sizes.fixedHeight],
    [outPath(ctx, 'fixed_width_still', 'gif'), sizes.fixedWidth],
    [outPath(ctx, 'fixed_height_small_still', 'gif'), sizes.fixedHeightSmall],
    [outPath(ctx, 'fixed_width_small_still', 'gif'), sizes.fixedWidthSmall],
  ];
  for (const [path, size] of existing) {
    if (sameSize(size, options.size) && (await exists(path))) return path;
  }
  const path = outPath(ctx, 'downsized_still', 'gif');
  await writeStill(options.sources.sharp, { size: options.size, path, format: 'gif' });
  return path;
}

function mp4File(path: string, size: Size, durationSeconds: number) {
  return { path, format: 'mp4' as const, size, frames: 0, durationSeconds };
}
