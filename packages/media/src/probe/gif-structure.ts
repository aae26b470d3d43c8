import { MediaError, type MediaLimits } from '../types.ts';
import type { FileReader } from './file-reader.ts';
import { normaliseDelayMs, type ImageStructure } from './image-structure.ts';

/**
 * Walks a GIF's blocks without decoding any pixels: logical screen, frame count and delays.
 * Refuses (with the matching code) as soon as a dimension or the frame count passes the limits,
 * so a hostile file costs a bounded read. A file that ends inside a block is `corrupt_media`;
 * one that merely lacks the trailer after a complete frame is accepted, as browsers do.
 */
export async function walkGif(reader: FileReader, limits: MediaLimits): Promise<ImageStructure> {
  if (!(await reader.ensure(13))) throw corrupt('the header is cut short');
  reader.skip(6);
  const width = reader.u16le();
  const height = reader.u16le();
  const packed = reader.u8();
  reader.skip(2);
  if (width === 0 || height === 0) throw corrupt('the logical screen is empty');
  checkPixels(width, height, limits, 'logical screen');
  if (packed & 0x80 && !reader.skip(3 * 2 ** ((packed & 0x07) + 1))) {
    throw corrupt('the colour table is cut short');
  }

  const delaysMs: number[] = [];
  let pendingDelayCs = 0;
  let transparency = false;
  let disposesToBackground = false;
  for (;;) {
    if (!(await reader.ensure(1))) {
      if (delaysMs.length > 0) break; // no trailer after a complete frame: tolerated
      throw corrupt('the file ends before any frame');
    }
    const introducer = reader.u8();
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      if (!(await reader.ensure(2))) throw corrupt('an extension is cut short');
      const label = reader.u8();
      const firstSize = reader.u8();
      if (label === 0xf9 && firstSize >= 4) {
        if (!(await reader.ensure(firstSize))) throw corrupt('a frame header is cut short');
        const flags = reader.u8();
        pendingDelayCs = reader.u16le();
        reader.skip(firstSize - 3);
        transparency ||= (flags & 0x01) === 1;
        disposesToBackground ||= ((flags >> 2) & 0x07) === 2;
      } else if (!reader.skip(firstSize)) {
        throw corrupt('an extension is cut short');
      }
      await skipSubBlocks(reader);
      continue;
    }
    if (introducer === 0x2c) {
      if (!(await reader.ensure(10))) throw corrupt('an image descriptor is cut short');
      reader.skip(4);
      const frameWidth = reader.u16le();
      const frameHeight = reader.u16le();
      const framePacked = reader.u8();
      const lzwMinimum = reader.u8();
      if (frameWidth === 0 || frameHeight === 0) throw corrupt('a frame is empty');
      checkPixels(frameWidth, frameHeight, limits, 'frame');
      if (framePacked & 0x80) {
        // The local colour table sits before the LZW code size byte we already read.
        reader.position -= 1;
        if (!reader.skip(3 * 2 ** ((framePacked & 0x07) + 1))) {
          throw corrupt('a colour table is cut short');
        }
        if (!(await reader.ensure(1))) throw corrupt('a frame is cut short');
        const minimum = reader.u8();
        if (minimum < 1 || minimum > 11) throw corrupt('a frame has an invalid code size');
      } else if (lzwMinimum < 1 || lzwMinimum > 11) {
        throw corrupt('a frame has an invalid code size');
      }
      await skipSubBlocks(reader);
      delaysMs.push(normaliseDelayMs(pendingDelayCs * 10));
      pendingDelayCs = 0;
      if (delaysMs.length > limits.maxFrames) {
        throw new MediaError(
          'too_many_frames',
          `The GIF has more than ${limits.maxFrames} frames.`,
        );
      }
      continue;
    }
    // Junk after the last frame is ignored by browsers; junk before any frame is not a GIF.
    if (delaysMs.length > 0) break;
    throw corrupt('an unknown block precedes the first frame');
  }
  return { width, height, delaysMs, transparency, disposesToBackground };
}

async function skipSubBlocks(reader: FileReader): Promise<void> {
  for (;;) {
    if (!(await reader.ensure(1))) throw corrupt('the file ends inside a block');
    const size = reader.u8();
    if (size === 0) return;
    if (!reader.skip(size)) throw corrupt('the file ends inside a block');
  }
}

function checkPixels(width: number, height: number, limits: MediaLimits, what: string): void {
  if (width * height > limits.maxPixelsPerFrame) {
    throw new MediaError(
      'dimensions_too_large',
      `The ${what} is ${width}x${height}, more than ${limits.maxPixelsPerFrame} pixels.`,
    );
  }
}

function corrupt(reason: string): MediaError {
  return new MediaError('corrupt_media', `The GIF is damaged: ${reason}.`);
}
