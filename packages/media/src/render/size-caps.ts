import { rename } from 'node:fs/promises';
import { workPath, type RenderContext } from './context.ts';
import { fileBytes, reencode, type ProducedFile } from './reencode.ts';
import { evenSize, scaleArea } from './sizes.ts';

/** Re-encodes tried before giving up on a byte cap (each one is small and quick). */
const maxAttempts = 3;

/**
 * Bitrate that lands an MP4 of `seconds` under `capBytes`, with headroom because one-pass rate
 * control overshoots on short clips.
 */
export function kbpsFor(capBytes: number, seconds: number): number {
  return (capBytes * 8 * 0.75) / 1000 / Math.max(seconds, 0.5);
}

/**
 * Makes an MP4 we wrote fit `capBytes`: lower bitrate and a smaller picture each round, in place.
 * Returns the final byte count (still over the cap only if every attempt was).
 */
export async function capMp4(
  ctx: RenderContext,
  options: { file: ProducedFile; capBytes: number; kbps: number },
): Promise<number> {
  let bytes = await fileBytes(options.file.path);
  let current = options.file;
  let kbps = options.kbps;
  for (let attempt = 0; attempt < maxAttempts && bytes >= options.capBytes; attempt++) {
    kbps *= Math.min(0.8, (0.8 * options.capBytes) / bytes);
    const size = evenSize(scaleArea(current.size, 0.7));
    const temp = workPath(ctx, `capped-${attempt}.mp4`);
    bytes = await reencode(ctx, {
      from: current,
      output: { path: temp, tail: 'mp4', size, frames: { kind: 'all' }, kbps },
    });
    await rename(temp, current.path);
    current = { ...current, size };
  }
  return bytes;
}

/** Makes a GIF we wrote fit `capBytes`: smaller, and fewer frames once small, in place. */
export async function capGif(
  ctx: RenderContext,
  options: { file: ProducedFile; capBytes: number },
): Promise<ProducedFile> {
  let bytes = await fileBytes(options.file.path);
  let current = options.file;
  for (let attempt = 0; attempt < maxAttempts && bytes >= options.capBytes; attempt++) {
    const factor = (0.8 * options.capBytes) / bytes;
    const size = scaleArea(current.size, Math.max(factor, 0.25));
    const frames =
      factor < 0.25 && current.frames > 2
        ? { kind: 'pick' as const, count: Math.max(2, Math.floor(current.frames / 2)) }
        : { kind: 'extract' as const };
    const temp = workPath(ctx, `capped-${attempt}.gif`);
    bytes = await reencode(ctx, {
      from: current,
      output: { path: temp, tail: 'gif', size, frames },
    });
    await rename(temp, current.path);
    current = { ...current, size, frames: frames.kind === 'pick' ? frames.count : current.frames };
  }
  return current;
}
