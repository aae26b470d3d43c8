import sharp from 'sharp';
import { mediaErrorFromSharp } from './sharp-errors.ts';
import { inSharpSlot } from './sharp-slots.ts';
import { MediaError } from './types.ts';

/** Levels per channel of the colour histogram: 4 × 4 × 4 = 64 bins. */
const levels = 4;
export const colourBins = levels ** 3;

/** What tag prediction compares pictures by: layout (dHash) and colour. */
export interface VisualFeatures {
  /** 64-bit difference hash, 16 hex characters (the same as `perceptualHash`). */
  dhash: string;
  /** Share of the picture's pixels in each of 64 RGB bins (sums to 1). */
  colours: Float32Array;
}

/**
 * Features of one picture (the first frame of an image file or buffer): its dHash, computed
 * exactly as `perceptualHash` does so it compares with the hashes stored at upload, and a
 * coarse colour histogram of a 32 × 32 thumbnail, flattened onto white. `maxPixels` bounds
 * what libvips will decode.
 */
export async function visualFeatures(
  input: Buffer | string,
  options: { maxPixels: number },
): Promise<VisualFeatures> {
  const open = () =>
    sharp(input, { pages: 1, limitInputPixels: options.maxPixels, failOn: 'error' }).flatten({
      background: '#ffffff',
    });
  try {
    const [grey, rgb] = await Promise.all([
      inSharpSlot(() => open().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer()),
      inSharpSlot(() => open().removeAlpha().resize(32, 32, { fit: 'fill' }).raw().toBuffer()),
    ]);
    return { dhash: dHash(grey), colours: colourHistogram(rgb) };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw mediaErrorFromSharp(error, 'Reading the picture');
  }
}

/** The dHash of 9 × 8 grey pixels: each bit says a pixel is brighter than its right neighbour. */
export function dHash(pixels: Uint8Array): string {
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const left = pixels[y * 9 + x] ?? 0;
      const right = pixels[y * 9 + x + 1] ?? 0;
      bits = (bits << 1n) | (left > right ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

function colourHistogram(rgb: Uint8Array): Float32Array {
  const bins = new Float32Array(colourBins);
  const pixels = rgb.length / 3;
  const step = 256 / levels;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = Math.floor(rgb[i]! / step);
    const g = Math.floor(rgb[i + 1]! / step);
    const b = Math.floor(rgb[i + 2]! / step);
    bins[(r * levels + g) * levels + b]! += 1 / pixels;
  }
  return bins;
}

/** Histogram intersection: 1 for the same colours in the same shares, 0 for none in common. */
export function colourSimilarity(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.min(a[i]!, b[i]!);
  return sum;
}
