import { MediaError, type MediaLimits } from '../types.ts';
import type { FileReader } from './file-reader.ts';
import { normaliseDelayMs, type ImageStructure } from './image-structure.ts';

/**
 * Walks a WebP's RIFF chunks: canvas size (VP8X, or the VP8/VP8L bitstream header for a simple
 * file), alpha, and one delay per ANMF frame. A chunk running past the end is `corrupt_media`.
 */
export async function walkWebp(reader: FileReader, limits: MediaLimits): Promise<ImageStructure> {
  const header = await reader.readAt(0, 12);
  if (!header) throw corrupt('the header is cut short');
  const riffEnd = 8 + header.readUInt32LE(4);
  if (riffEnd > reader.size) throw corrupt('the file is shorter than its header says');

  let width = 0;
  let height = 0;
  let transparency = false;
  const delaysMs: number[] = [];
  let sawImage = false;
  let offset = 12;
  for (let chunks = 0; offset + 8 <= riffEnd; chunks++) {
    // Each frame is one ANMF chunk; far more chunks than that is a file built to waste our time.
    if (chunks > 1000 + 2 * limits.maxFrames) throw corrupt('it has too many chunks');
    const chunk = await reader.readAt(offset, 8);
    if (!chunk) throw corrupt('a chunk header is cut short');
    const type = chunk.toString('latin1', 0, 4);
    const size = chunk.readUInt32LE(4);
    const dataStart = offset + 8;
    if (dataStart + size > riffEnd) throw corrupt(`the ${type.trim()} chunk is cut short`);
    if (type === 'VP8X') {
      const data = await reader.readAt(dataStart, 10);
      if (!data) throw corrupt('the VP8X chunk is cut short');
      transparency = (data[0]! & 0x10) !== 0;
      width = 1 + data.readUIntLE(4, 3);
      height = 1 + data.readUIntLE(7, 3);
      checkPixels(width, height, limits);
    } else if (type === 'ANMF') {
      const data = await reader.readAt(dataStart, 16);
      if (!data) throw corrupt('a frame header is cut short');
      checkPixels(1 + data.readUIntLE(6, 3), 1 + data.readUIntLE(9, 3), limits);
      delaysMs.push(normaliseDelayMs(data.readUIntLE(12, 3)));
      if (delaysMs.length > limits.maxFrames) {
        throw new MediaError(
          'too_many_frames',
          `The WebP has more than ${limits.maxFrames} frames.`,
        );
      }
      sawImage = true;
    } else if (type === 'VP8 ' || type === 'VP8L') {
      const size2 = await bitstreamSize(reader, type, dataStart);
      if (width === 0) {
        width = size2.width;
        height = size2.height;
        transparency ||= size2.alpha;
        checkPixels(width, height, limits);
      }
      sawImage = true;
    }
    offset = dataStart + size + (size % 2);
  }
  if (!sawImage || width === 0 || height === 0) throw corrupt('it holds no image');
  // A still WebP has no ANMF chunks: one frame, no delay.
  return {
    width,
    height,
    delaysMs: delaysMs.length > 0 ? delaysMs : [0],
    transparency,
    disposesToBackground: false,
  };
}

async function bitstreamSize(
  reader: FileReader,
  type: string,
  dataStart: number,
): Promise<{ width: number; height: number; alpha: boolean }> {
  const data = await reader.readAt(dataStart, 10);
  if (!data) throw corrupt(`the ${type.trim()} bitstream is cut short`);
  if (type === 'VP8L') {
    if (data[0] !== 0x2f) throw corrupt('the lossless bitstream has no signature');
    const bits = data.readUInt32LE(1);
    return {
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      alpha: ((bits >>> 28) & 1) === 1,
    };
  }
  if (data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) {
    throw corrupt('the lossy bitstream has no start code');
  }
  return {
    width: data.readUInt16LE(6) & 0x3fff,
    height: data.readUInt16LE(8) & 0x3fff,
    alpha: false,
  };
}

function checkPixels(width: number, height: number, limits: MediaLimits): void {
  if (width * height > limits.maxPixelsPerFrame) {
    throw new MediaError(
      'dimensions_too_large',
      `The WebP is ${width}x${height}, more than ${limits.maxPixelsPerFrame} pixels.`,
    );
  }
}

function corrupt(reason: string): MediaError {
  return new MediaError('corrupt_media', `The WebP is damaged: ${reason}.`);
}
