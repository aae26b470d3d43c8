import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegInfo } from '../ffmpeg.ts';
import type { MediaLimits, MediaProbe, RenditionFormat, RenditionName } from '../types.ts';
import type { RenditionSizes } from './plan.ts';

/** Everything a phase needs, fixed once per `renderRenditions` call. */
export interface RenderContext {
  ff: FfmpegInfo;
  source: string;
  probe: MediaProbe;
  outDir: string;
  /** Scratch space inside `outDir`, removed when the call ends. */
  workDir: string;
  /** Keep transparency in GIF/WebP (stickers and sources with alpha); flatten MP4. */
  alpha: boolean;
  limits: MediaLimits;
  sizes: RenditionSizes;
}

/** Where a rendition's own file goes: `<outDir>/<name>.<format>`. */
export function outPath(ctx: RenderContext, name: RenditionName, format: RenditionFormat): string {
  return path.join(ctx.outDir, `${name}.${format}`);
}

/** A scratch file that is not a rendition (intermediates, lists). */
export function workPath(ctx: RenderContext, file: string): string {
  return path.join(ctx.workDir, file);
}

/** True when a file exists (an essential-phase output reused by the rest phase). */
export async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits for every task, then throws the first failure. Unlike `Promise.all`, nothing is still
 * writing into the work directory when the caller cleans it up.
 */
export async function settleAll<T>(tasks: ReadonlyArray<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
