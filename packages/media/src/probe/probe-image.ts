import { open } from 'node:fs/promises';
import sharp from 'sharp';
import { mediaErrorFromSharp } from '../sharp-errors.ts';
import { checkDecodedWork } from '../limits.ts';
import { MediaError, type MediaLimits, type MediaProbe, type SourceFormat } from '../types.ts';
import { FileReader } from './file-reader.ts';
import { walkGif } from './gif-structure.ts';
import type { ImageStructure } from './image-structure.ts';
import { pixelBudget } from './pixel-budget.ts';
import { walkPng } from './png-structure.ts';
import { walkWebp } from './webp-structure.ts';
import { inSharpSlot } from '../sharp-slots.ts';

type ImageFormat = Extract<SourceFormat, 'gif' | 'webp' | 'png' | 'apng'>;

/**
 * Probes a GIF, WebP, PNG or APNG. The container is walked first (bounded reads, no pixels),
 * so dimension and frame limits refuse a hostile file before libvips sees it; sharp's header
 * read then confirms the file is one libvips accepts, with the pixel limit as a backstop.
 */
export async function probeImage(
  path: string,
  format: ImageFormat,
  limits: MediaLimits,
): Promise<MediaProbe> {
  const structure = await walkImage(path, format, limits);
  // The 64-byte sniff can miss an acTL behind big chunks; the full walk decides.
  const isPng = format === 'png' || format === 'apng';
  const actualFormat: ImageFormat = isPng ? (structure.animated ? 'apng' : 'png') : format;
  const frames = structure.delaysMs.length;
  // Before libvips reads anything: counting a GIF's pages already walks every frame.
  checkDecodedWork({ width: structure.width, height: structure.height, frames }, limits);
  const budget = pixelBudget(structure, frames);
  const timeout = { seconds: Math.max(1, Math.ceil(limits.processTimeoutMs / 1000)) };
  try {
    const meta = await inSharpSlot(() =>
      sharp(path, {
        animated: actualFormat !== 'apng',
        limitInputPixels: budget,
        failOn: 'error',
      })
        .timeout(timeout)
        .metadata(),
    );
    if (!meta.width || !meta.height) throw new MediaError('corrupt_media', 'No image size found.');
  } catch (error) {
    throw mediaErrorFromSharp(error, 'Reading the image');
  }
  const durationMs = frames > 1 ? structure.delaysMs.reduce((sum, d) => sum + d, 0) : 0;
  return {
    format: actualFormat,
    kind: 'image',
    width: structure.width,
    height: structure.height,
    frames,
    durationMs,
    fps: durationMs > 0 ? (frames * 1000) / durationMs : 0,
    hasAlpha: await hasVisibleAlpha(path, structure, budget),
    animated: frames > 1,
    hasAudio: false,
    ...(frames > 1 ? { lastDelayMs: structure.delaysMs[frames - 1]! } : {}),
  };
}

/** The container's structure (size, frames, delays), walked without decoding a pixel. */
export async function walkImage(
  path: string,
  format: ImageFormat,
  limits: MediaLimits,
): Promise<ImageStructure & { animated?: boolean }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const reader = new FileReader(handle, size);
    if (format === 'gif') return await walkGif(reader, limits);
    if (format === 'webp') return await walkWebp(reader, limits);
    return await walkPng(reader, limits);
  } finally {
    await handle.close();
  }
}

/**
 * Whether the picture really shows transparency, not just whether the container can carry it:
 * ffmpeg-made GIFs use a transparent index for unchanged pixels on every frame after the first.
 * The first frame's alpha decides, plus any frame that clears to the (transparent) background.
 */
async function hasVisibleAlpha(
  path: string,
  structure: ImageStructure,
  budget: number,
): Promise<boolean> {
  if (!structure.transparency) return false;
  if (structure.disposesToBackground) return true;
  try {
    const stats = await inSharpSlot(() =>
      sharp(path, { pages: 1, limitInputPixels: budget, failOn: 'error' }).ensureAlpha().stats(),
    );
    const alpha = stats.channels[3];
    return alpha !== undefined && alpha.min < 255;
  } catch (error) {
    throw mediaErrorFromSharp(error, 'Decoding the first frame');
  }
}
