import { open, type FileHandle } from 'node:fs/promises';

/** What an MP4 we wrote says about its first video track. */
export interface Mp4Facts {
  width: number;
  height: number;
  /** Sample (frame) count from `stsz`. */
  frames: number;
}

/** Our own outputs are small; a moov bigger than this is not one of ours. */
const maxMoovBytes = 64 * 1024 * 1024;

/**
 * Reads an MP4's box tree (no decoding, no child process): finds `moov`, then the first track
 * whose handler is `vide`, its `tkhd` display size and its `stsz` sample count. Null when the
 * file is not a complete MP4 with a video track.
 */
export async function readMp4Facts(path: string): Promise<Mp4Facts | null> {
  const handle = await open(path, 'r');
  try {
    const moov = await findMoov(handle);
    if (!moov) return null;
    const body = Buffer.alloc(moov.size - moov.headerSize);
    await handle.read(body, 0, body.length, moov.offset + moov.headerSize);
    return videoTrackFacts(body);
  } finally {
    await handle.close();
  }
}

/** Where a file's top-level `moov` box is. */
export interface MoovPlace {
  /** File offset of the box's header. */
  offset: number;
  /** Whole box, header included. */
  size: number;
  headerSize: number;
}

/**
 * Walks the top-level boxes of an open MP4 to its `moov`. Null when there is none, the box
 * tree is broken before it, or it is bigger than any of ours.
 */
export async function findMoov(handle: FileHandle): Promise<MoovPlace | null> {
  const { size } = await handle.stat();
  let offset = 0;
  const header = Buffer.alloc(16);
  while (offset + 8 <= size) {
    await handle.read(header, 0, 16, offset);
    let boxSize = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerSize = 8;
    if (boxSize === 1) {
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = size - offset;
    }
    if (boxSize < headerSize || offset + boxSize > size) return null;
    if (type === 'moov') {
      return boxSize > maxMoovBytes ? null : { offset, size: boxSize, headerSize };
    }
    offset += boxSize;
  }
  return null;
}

function videoTrackFacts(moov: Buffer): Mp4Facts | null {
  for (const trak of children(moov, 'trak')) {
    const mdia = children(trak, 'mdia')[0];
    const hdlr = mdia && children(mdia, 'hdlr')[0];
    if (!hdlr || hdlr.toString('latin1', 8, 12) !== 'vide') continue;
    const tkhd = children(trak, 'tkhd')[0];
    const stbl = children(children(mdia, 'minf')[0] ?? Buffer.alloc(0), 'stbl')[0];
    const stsz = stbl && children(stbl, 'stsz')[0];
    if (!tkhd || tkhd.length < 84 || !stsz || stsz.length < 12) return null;
    // tkhd ends with width and height as 16.16 fixed point.
    const width = tkhd.readUInt32BE(tkhd.length - 8) >>> 16;
    const height = tkhd.readUInt32BE(tkhd.length - 4) >>> 16;
    return { width, height, frames: stsz.readUInt32BE(8) };
  }
  return null;
}

/** Payloads of the direct child boxes of `parent` with the given type. */
export function children(parent: Buffer, type: string): Buffer[] {
  const found: Buffer[] = [];
  let offset = 0;
  while (offset + 8 <= parent.length) {
    const size = parent.readUInt32BE(offset);
    if (size < 8 || offset + size > parent.length) break;
    if (parent.toString('latin1', offset + 4, offset + 8) === type) {
      found.push(parent.subarray(offset + 8, offset + size));
    }
    offset += size;
  }
  return found;
}
