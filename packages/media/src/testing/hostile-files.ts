import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorCode } from '@jiffy/contracts';
import { sniffFormat } from '../sniff.ts';
import { makeAnimatedGif } from './fixtures.ts';

/** GIF89a, a two-colour global table (black, white). */
const gifHeader = (width: number, height: number): number[] => [
  ...ascii('GIF89a'),
  ...u16(width),
  ...u16(height),
  0x80, // global colour table of 2 entries
  0,
  0,
  ...[0, 0, 0, 255, 255, 255],
];

/** A 1x1 frame at (0,0): descriptor, LZW minimum code size 2, codes clear/0/end. */
const tinyFrame = (delayCs: number): number[] => [
  ...[0x21, 0xf9, 4, 0, ...u16(delayCs), 0, 0],
  ...[0x2c, 0, 0, 0, 0, ...u16(1), ...u16(1), 0],
  ...[2, 2, 0x44, 0x01, 0],
];

/**
 * A GIF whose logical screen is 65535x65535 with a single 1x1 frame: a few dozen bytes that
 * would ask a naive decoder for 16 GiB of canvas. Written byte by byte.
 */
export async function writeGiantScreenGif(file: string): Promise<string> {
  await writeFile(file, Uint8Array.from([...gifHeader(65535, 65535), ...tinyFrame(10), 0x3b]));
  return file;
}

/** A 1x1 GIF of `frames` frames (default 5000): tiny on disk, past any frame limit. */
export async function writeManyFramesGif(file: string, frames = 5000): Promise<string> {
  const frame = tinyFrame(2);
  const bytes = new Uint8Array(gifHeader(1, 1).length + frame.length * frames + 1);
  bytes.set(gifHeader(1, 1), 0);
  for (let i = 0; i < frames; i++) bytes.set(frame, gifHeader(1, 1).length + i * frame.length);
  bytes[bytes.length - 1] = 0x3b;
  await writeFile(file, bytes);
  return file;
}

/**
 * A GIF whose `width`x`height` screen is repainted `frames` times by 1x1 frames: about 19
 * bytes a frame on disk, yet every frame decodes (and renders) at the full screen size. With
 * 1000x1000 and 1000 frames it is a 23 KB GIF that once cost minutes of processing.
 */
export async function writeHeavyCanvasGif(
  file: string,
  size: { width: number; height: number; frames: number },
): Promise<string> {
  const header = gifHeader(size.width, size.height);
  const frame = tinyFrame(4);
  const bytes = new Uint8Array(header.length + frame.length * size.frames + 1);
  bytes.set(header, 0);
  for (let i = 0; i < size.frames; i++) bytes.set(frame, header.length + i * frame.length);
  bytes[bytes.length - 1] = 0x3b;
  await writeFile(file, bytes);
  return file;
}

/** A real animated GIF cut off part-way through its image data. */
export async function writeTruncatedGif(file: string): Promise<string> {
  const whole = `${file}.whole.gif`;
  await makeAnimatedGif({ path: whole, width: 64, height: 48, frames: 6 });
  const bytes = await readFile(whole);
  await writeFile(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
  return file;
}

/** Random bytes that match no accepted format (re-rolled in the unlikely case they do). */
export async function writeRandomBytes(file: string, length = 4096): Promise<string> {
  let bytes = randomBytes(length);
  while (sniffFormat(bytes)) bytes = randomBytes(length);
  await writeFile(file, bytes);
  return file;
}

/** A zero-byte file. */
export async function writeEmptyFile(file: string): Promise<string> {
  await writeFile(file, new Uint8Array(0));
  return file;
}

/** One hostile file and the error code `probe` must end with. */
export interface HostileFile {
  path: string;
  expectedCode: ErrorCode;
}

/**
 * Writes every hostile file into `dir` (all named .gif, as an attacker would) and says which
 * `MediaError` code each must produce under the default limits.
 */
export async function writeHostileFiles(dir: string): Promise<Record<string, HostileFile>> {
  const at = (name: string): string => path.join(dir, name);
  return {
    giantScreen: {
      path: await writeGiantScreenGif(at('giant-screen.gif')),
      expectedCode: 'dimensions_too_large',
    },
    manyFrames: {
      path: await writeManyFramesGif(at('many-frames.gif')),
      expectedCode: 'too_many_frames',
    },
    truncated: {
      path: await writeTruncatedGif(at('truncated.gif')),
      expectedCode: 'corrupt_media',
    },
    randomBytes: {
      path: await writeRandomBytes(at('random.gif')),
      expectedCode: 'unsupported_media_type',
    },
    empty: { path: await writeEmptyFile(at('empty.gif')), expectedCode: 'corrupt_media' },
  };
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function u16(value: number): number[] {
  return [value & 0xff, (value >> 8) & 0xff];
}
