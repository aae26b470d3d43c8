import { MediaError, type MediaLimits } from '../types.ts';
import type { FileReader } from './file-reader.ts';
import { normaliseDelayMs, type ImageStructure } from './image-structure.ts';

/** PNG/APNG structure plus whether animation control was found (the real APNG test). */
export interface PngStructure extends ImageStructure {
  animated: boolean;
}

/**
 * Walks PNG chunks by their length fields (no inflating): IHDR size and colour type, tRNS,
 * and for APNG the acTL frame count and one delay per fcTL. No IEND, or a chunk running past
 * the end, is `corrupt_media`.
 */
export async function walkPng(reader: FileReader, limits: MediaLimits): Promise<PngStructure> {
  let offset = 8;
  let width = 0;
  let height = 0;
  let transparency = false;
  let animated = false;
  let sawIdat = false;
  let disposesToBackground = false;
  const delaysMs: number[] = [];
  for (let chunks = 0; ; chunks++) {
    // Each frame needs a few chunks; far more than that is a file built to waste our time.
    if (chunks > maxChunks(limits)) throw corrupt('it has too many chunks');
    const header = await reader.readAt(offset, 8);
    if (!header) throw corrupt('it ends before IEND');
    const length = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    const dataStart = offset + 8;
    if (dataStart + length + 4 > reader.size) throw corrupt(`the ${type} chunk is cut short`);
    if (offset === 8 && type !== 'IHDR') throw corrupt('IHDR is not first');
    if (type === 'IHDR') {
      const data = await reader.readAt(dataStart, 13);
      if (!data) throw corrupt('IHDR is cut short');
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const colourType = data[9] ?? 0;
      transparency = colourType === 4 || colourType === 6;
      if (width === 0 || height === 0) throw corrupt('the image is empty');
      checkPixels(width, height, limits);
    } else if (type === 'tRNS') {
      transparency = true;
    } else if (type === 'acTL' && !sawIdat) {
      const data = await reader.readAt(dataStart, 8);
      if (!data) throw corrupt('acTL is cut short');
      const declared = data.readUInt32BE(0);
      if (declared > limits.maxFrames) {
        throw new MediaError('too_many_frames', `The APNG has ${declared} frames.`);
      }
      animated = declared > 0;
    } else if (type === 'fcTL' && animated) {
      const data = await reader.readAt(dataStart, 26);
      if (!data) throw corrupt('fcTL is cut short');
      checkPixels(data.readUInt32BE(4), data.readUInt32BE(8), limits);
      const numerator = data.readUInt16BE(20);
      const denominator = data.readUInt16BE(22) || 100;
      delaysMs.push(normaliseDelayMs((1000 * numerator) / denominator));
      disposesToBackground ||= data[24] === 1;
      if (delaysMs.length > limits.maxFrames) {
        throw new MediaError(
          'too_many_frames',
          `The APNG has more than ${limits.maxFrames} frames.`,
        );
      }
    } else if (type === 'IDAT') {
      sawIdat = true;
    } else if (type === 'IEND') {
      break;
    }
    offset = dataStart + length + 4;
  }
  if (!sawIdat) throw corrupt('it has no image data');
  if (!animated || delaysMs.length === 0) {
    return { width, height, delaysMs: [0], transparency, disposesToBackground, animated: false };
  }
  return { width, height, delaysMs, transparency, disposesToBackground, animated: true };
}

function maxChunks(limits: MediaLimits): number {
  return 10_000 + 8 * limits.maxFrames;
}

function checkPixels(width: number, height: number, limits: MediaLimits): void {
  if (width * height > limits.maxPixelsPerFrame) {
    throw new MediaError(
      'dimensions_too_large',
      `The PNG is ${width}x${height}, more than ${limits.maxPixelsPerFrame} pixels.`,
    );
  }
}

function corrupt(reason: string): MediaError {
  return new MediaError('corrupt_media', `The PNG is damaged: ${reason}.`);
}
