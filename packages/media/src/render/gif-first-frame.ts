import { open, writeFile } from 'node:fs/promises';
import { traced } from '../trace.ts';

/** A first frame bigger than this (compressed) is left to sharp. */
const maxReadBytes = 16 * 1024 * 1024;

/**
 * Writes the first frame of the GIF at `source` as a GIF of its own, copied byte for byte:
 * the header, logical screen and global colour table, the frame's graphic control extension
 * and image (local colour table and LZW data), then the trailer. It is the frame a browser
 * shows first, with no decode, resize or new quantisation (sharp's still of the small bench
 * GIF cost 25–35 ms CPU). Returns false, writing nothing, when the file is not laid out as
 * expected, so the caller can fall back to decoding it.
 */
export async function writeFirstFrameGif(source: string, path: string): Promise<boolean> {
  return traced(`first frame → ${path.split('/').pop()}`, async () => {
    const file = await open(source, 'r');
    try {
      const { size } = await file.stat();
      for (let want = 64 * 1024; ; want *= 2) {
        const length = Math.min(want, size, maxReadBytes);
        const bytes = Buffer.alloc(length);
        const { bytesRead } = await file.read(bytes, 0, length, 0);
        const frame = firstFrame(bytes.subarray(0, bytesRead));
        if (frame === 'invalid') return false;
        if (frame !== 'short') {
          await writeFile(path, frame);
          return true;
        }
        if (length >= size || length >= maxReadBytes) return false;
      }
    } finally {
      await file.close();
    }
  });
}

/**
 * The still GIF's bytes; 'short' if `gif` ends before the first frame does, 'invalid' if it is
 * not a GIF whose first frame covers its whole screen.
 */
export function firstFrame(gif: Buffer): Buffer | 'invalid' | 'short' {
  if (gif.length < 13) return 'short';
  const signature = gif.toString('latin1', 0, 6);
  if (signature !== 'GIF89a' && signature !== 'GIF87a') return 'invalid';
  const screenFlags = gif[10]!;
  let at = 13 + (screenFlags & 0x80 ? 3 * 2 ** ((screenFlags & 0x07) + 1) : 0);
  const head = at;
  let control: Buffer | null = null;
  for (;;) {
    if (at >= gif.length) return 'short';
    const introducer = gif[at]!;
    if (introducer === 0x21) {
      const end = subBlocksEnd(gif, at + 2);
      if (typeof end === 'string') return end;
      // Only the graphic control extension (transparency) matters to one frame; the loop count
      // and comments are dropped.
      if (gif[at + 1] === 0xf9) control = gif.subarray(at, end);
      at = end;
      continue;
    }
    if (introducer !== 0x2c) return 'invalid';
    if (at + 10 > gif.length) return 'short';
    // A frame that leaves part of the screen uncovered shows the rest as the page behind it;
    // decoders differ there, so such a GIF is left to sharp.
    const covers =
      gif.readUInt16LE(at + 1) === 0 &&
      gif.readUInt16LE(at + 3) === 0 &&
      gif.readUInt16LE(at + 5) === gif.readUInt16LE(6) &&
      gif.readUInt16LE(at + 7) === gif.readUInt16LE(8);
    if (!covers) return 'invalid';
    const frameFlags = gif[at + 9]!;
    const codeSizeAt = at + 10 + (frameFlags & 0x80 ? 3 * 2 ** ((frameFlags & 0x07) + 1) : 0);
    const end = subBlocksEnd(gif, codeSizeAt + 1);
    if (typeof end === 'string') return end;
    const trailer = Buffer.from([0x3b]);
    return Buffer.concat([
      gif.subarray(0, head),
      ...(control ? [control] : []),
      gif.subarray(at, end),
      trailer,
    ]);
  }
}

/** Offset just past the sub-blocks starting at `at` (after their zero terminator). */
function subBlocksEnd(gif: Buffer, at: number): number | 'short' {
  for (;;) {
    if (at >= gif.length) return 'short';
    const size = gif[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
}
