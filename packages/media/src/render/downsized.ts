import { rename } from 'node:fs/promises';
import { outPath, workPath, type RenderContext } from './context.ts';
import { runFfmpegJob } from './ffmpeg-job.ts';
import { outputSet } from './job-outputs.ts';
import { byteCaps, downsampledFrames, extractFrames } from './plan.ts';
import { fileBytes } from './reencode.ts';
import type { PreparedSources } from './sources.ts';
import { scaleArea, type Size } from './sizes.ts';

/** An animated GIF already written that a downsized rendition may reuse. */
export interface GifCandidate {
  path: string;
  size: Size;
  bytes: number;
}

type DownsizedName = 'downsized' | 'downsized_medium' | 'downsized_large';

/** Attempts at shrinking under a cap before falling back to a few small frames. */
const shrinkAttempts = 2;

/**
 * GIPHY's `downsized*` are "the GIF, under N MB". Each reuses the biggest GIF already written
 * that fits its cap (usually `original` itself); only when none fits is a smaller GIF encoded
 * from the source, shrinking (and then dropping frames) until it does. Files made here are
 * moved to `<outDir>/<name>.gif` for the first rendition that uses them.
 */
export async function chooseDownsized(
  ctx: RenderContext,
  options: { sources: PreparedSources; candidates: GifCandidate[] },
): Promise<Map<DownsizedName, GifCandidate>> {
  const pool = [...options.candidates];
  const chosen = new Map<DownsizedName, GifCandidate>();
  const names: DownsizedName[] = ['downsized', 'downsized_medium', 'downsized_large'];
  for (const name of names) {
    const cap = byteCaps[name];
    let pick = biggestUnder(pool, cap);
    if (!pick) {
      pick = await shrinkUnder(ctx, { sources: options.sources, pool, cap, name });
      pool.push(pick);
    }
    chosen.set(name, pick);
  }
  // Move any file made here out of the scratch directory, once, under its first user's name.
  const moved = new Map<string, GifCandidate>();
  for (const name of names) {
    const pick = chosen.get(name)!;
    if (!pick.path.startsWith(ctx.workDir)) continue;
    let kept = moved.get(pick.path);
    if (!kept) {
      kept = { ...pick, path: outPath(ctx, name, 'gif') };
      await rename(pick.path, kept.path);
      moved.set(pick.path, kept);
    }
    chosen.set(name, kept);
  }
  return chosen;
}

function biggestUnder(pool: readonly GifCandidate[], cap: number): GifCandidate | undefined {
  return pool
    .filter((c) => c.bytes < cap)
    .sort((a, b) => b.size.width * b.size.height - a.size.width * a.size.height)[0];
}

/**
 * Encodes smaller GIFs from the source until one is under `cap`: area scaled by the byte
 * ratio (GIF size tracks area), frames halved when area alone cannot get there, and finally
 * six frames at a quarter of the area, which always fits.
 */
async function shrinkUnder(
  ctx: RenderContext,
  options: { sources: PreparedSources; pool: GifCandidate[]; cap: number; name: DownsizedName },
): Promise<GifCandidate> {
  const smallest = [...options.pool].sort((a, b) => a.bytes - b.bytes)[0];
  let reference = smallest ?? { path: '', size: ctx.sizes.fixedWidth, bytes: options.cap * 4 };
  const allFrames = extractFrames(ctx.probe);
  let frames = allFrames;
  for (let attempt = 0; attempt <= shrinkAttempts; attempt++) {
    const last = attempt === shrinkAttempts;
    const factor = (0.8 * options.cap) / reference.bytes;
    const size = scaleArea(reference.size, last ? 0.25 : Math.min(1, Math.max(factor, 0.25)));
    if (last) frames = Math.min(frames, downsampledFrames);
    else if (factor < 0.25) frames = Math.max(downsampledFrames, Math.floor(frames * factor * 4));
    const path = workPath(ctx, `${options.name}-${attempt}.gif`);
    const outputs = outputSet(ctx);
    const frameSet =
      frames >= allFrames ? { kind: 'extract' as const } : { kind: 'pick' as const, count: frames };
    outputs.internal({ tail: 'gif', size, path, frames: frameSet });
    await runFfmpegJob({
      ff: ctx.ff,
      input: options.sources.ffmpegInput,
      source: options.sources.graph,
      outputs: outputs.jobOutputs,
      limits: ctx.limits,
    });
    options.sources.checkFeed();
    const made = { path, size, bytes: await fileBytes(path) };
    if (made.bytes < options.cap || last) return made;
    reference = made;
  }
  throw new Error('unreachable');
}
