import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { children, findMoov, type MoovPlace } from './mp4-boxes.ts';

/**
 * Makes an MP4's last frame last `delayMs`: the last `stts` entry, and the `mdhd`, `tkhd`,
 * `mvhd` and `elst` durations that say where the video ends. No encoder gives the last frame a
 * duration of its own (x264 through ffmpeg gets 1 / the guessed frame rate, so a GIF's 1 s
 * pause at the end became 36 ms and a looping player skipped it); the source's own last delay
 * is known from its probe. Files that are not an MP4 with a video track are left as they are.
 */
export async function setMp4LastDuration(file: string, delayMs: number): Promise<void> {
  const handle = await open(file, 'r+');
  let grown: { moov: Buffer; offset: number; oldSize: number } | null = null;
  try {
    const read = await readMoov(handle);
    if (!read) return;
    const { place, moov } = read;
    const edited = retime(moov, delayMs);
    if (!edited) return;
    if (edited.length === moov.length) {
      await handle.write(edited, 0, edited.length, place.offset);
      return;
    }
    const growth = edited.length - moov.length;
    // ffmpeg's faststart leaves an 8-byte `free` box between moov and mdat: a grown moov
    // takes its place, and nothing after it moves.
    const next = Buffer.alloc(8);
    const { bytesRead } = await handle.read(next, 0, 8, place.offset + place.size);
    if (
      bytesRead === 8 &&
      next.readUInt32BE(0) === growth &&
      next.toString('latin1', 4, 8) === 'free'
    ) {
      await handle.write(edited, 0, edited.length, place.offset);
      return;
    }
    shiftChunkOffsets(edited, place.offset, growth);
    grown = { moov: edited, offset: place.offset, oldSize: place.size };
  } finally {
    await handle.close();
  }
  await rewriteWithMoov(file, grown);
}

/**
 * How long an MP4's frame shown last lasts (ms): from its composition time to the end of the
 * media, the span setMp4LastDuration sets. Null for a file that is not an MP4 with a video
 * track we can read. A re-encode of one of our MP4s gives its own last frame this duration.
 */
export async function readMp4LastDurationMs(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const read = await readMoov(handle);
    const boxes = read && videoTrackBoxes(read.moov);
    if (!boxes) return null;
    const { movieScale, mdhd, stbl, stts, elst } = boxes;
    const mediaScale = timescaleOf(mdhd);
    const { lastPts } = sampleTiming(stts, children(stbl, 'ctts')[0]);
    // Where what is shown ends: the edit that shows media, or without an edit list the media.
    const edit = elst ? lastMediaEdit(elst) : null;
    const end = edit
      ? edit.mediaTime + (edit.duration * mediaScale) / movieScale
      : readDuration(mdhd, 'media');
    const ms = Math.round(((end - lastPts) * 1000) / mediaScale);
    return ms > 0 ? ms : null;
  } finally {
    await handle.close();
  }
}

/** The boxes of a `moov` (a whole box) that time its video track; null if one is missing. */
function videoTrackBoxes(moov: Buffer) {
  const body = moov.subarray(8);
  const mvhd = children(body, 'mvhd')[0];
  if (!mvhd) return null;
  const movieScale = timescaleOf(mvhd);
  const traks = children(body, 'trak');
  const trak = traks.find((t) => handlerOf(t) === 'vide');
  if (!trak || movieScale === 0) return null;
  const tkhd = children(trak, 'tkhd')[0];
  const mdia = children(trak, 'mdia')[0]!;
  const mdhd = children(mdia, 'mdhd')[0];
  const minf = children(mdia, 'minf')[0];
  const stbl = minf && children(minf, 'stbl')[0];
  const stts = stbl && children(stbl, 'stts')[0];
  if (!tkhd || !mdhd || !minf || !stbl || !stts || stts.length < 8) return null;
  const runs = stts.readUInt32BE(4);
  if (timescaleOf(mdhd) === 0 || runs === 0 || stts.length < 8 + runs * 8) return null;
  const elst = children(children(trak, 'edts')[0] ?? Buffer.alloc(0), 'elst')[0];
  return { mvhd, movieScale, traks, trak, tkhd, mdia, mdhd, minf, stbl, stts, elst };
}

/** A file's whole `moov` box and where it is; null when there is none we can read. */
async function readMoov(handle: FileHandle): Promise<{ place: MoovPlace; moov: Buffer } | null> {
  const place = await findMoov(handle);
  // Boxes inside moov are read with 32-bit sizes only; ours never use 64-bit ones there.
  if (!place || place.headerSize !== 8) return null;
  const moov = Buffer.alloc(place.size);
  await handle.read(moov, 0, moov.length, place.offset);
  return { place, moov };
}

/**
 * A copy of `moov` (a whole box) with the video track's last sample lasting `delayMs`, one
 * stts entry longer if the last run held more than one sample; null if it is not one we can
 * edit.
 */
function retime(moov: Buffer, delayMs: number): Buffer | null {
  const boxes = videoTrackBoxes(moov);
  if (!boxes) return null;
  const { mvhd, movieScale, traks, trak, tkhd, mdia, mdhd, minf, stbl, stts, elst } = boxes;
  const mediaScale = timescaleOf(mdhd);
  const runs = stts.readUInt32BE(4);

  const timing = sampleTiming(stts, children(stbl, 'ctts')[0]);
  // The frame shown last starts at the latest composition time and should end `delayMs` later;
  // the last decoded sample's duration is what ends the media (with B-frames it may be
  // another frame than the one shown last).
  const end = timing.lastPts + Math.max(1, Math.round((delayMs * mediaScale) / 1000));
  const lastEntry = 8 + (runs - 1) * 8;
  const lastCount = stts.readUInt32BE(lastEntry);
  const lastDelta = stts.readUInt32BE(lastEntry + 4);
  const newDelta = end - timing.lastDecodedPts;
  if (lastCount === 0 || newDelta <= 0 || newDelta > 0xffffffff) return null;
  const change = newDelta - lastDelta;

  writeDuration(mdhd, 'media', readDuration(mdhd, 'media') + change);
  const shown = elst
    ? endEdit(elst, { end, mediaScale, movieScale })
    : Math.round((end * movieScale) / mediaScale);
  if (shown === null) return null;
  writeDuration(tkhd, 'track', shown);
  const tkhds = traks.flatMap((t) => children(t, 'tkhd'));
  const longest = Math.max(...tkhds.map((box) => readDuration(box, 'track')));
  writeDuration(mvhd, 'media', longest);

  if (lastCount === 1) {
    stts.writeUInt32BE(newDelta, lastEntry + 4);
    return moov;
  }
  // Split the last run: all but one sample keep their delta, the last gets its own entry.
  stts.writeUInt32BE(lastCount - 1, lastEntry);
  stts.writeUInt32BE(runs + 1, 4);
  const entry = Buffer.alloc(8);
  entry.writeUInt32BE(1, 0);
  entry.writeUInt32BE(newDelta, 4);
  const at = stts.byteOffset - moov.byteOffset + 8 + runs * 8;
  const grown = Buffer.concat([moov.subarray(0, at), entry, moov.subarray(at)]);
  // Every box that holds stts (moov, trak, mdia, minf, stbl, stts) is 8 bytes longer.
  for (const box of [moov, trak, mdia, minf, stbl, stts]) {
    const header = box === moov ? 0 : box.byteOffset - moov.byteOffset - 8;
    grown.writeUInt32BE(grown.readUInt32BE(header) + entry.length, header);
  }
  return grown;
}

/** Composition times (media timescale) of the frame shown last and of the last decoded one. */
function sampleTiming(stts: Buffer, ctts: Buffer | undefined) {
  const offsets: Array<[count: number, offset: number]> = [];
  if (ctts && ctts.length >= 8) {
    const n = Math.min(ctts.readUInt32BE(4), (ctts.length - 8) / 8);
    for (let i = 0; i < n; i++)
      offsets.push([ctts.readUInt32BE(8 + i * 8), ctts.readInt32BE(12 + i * 8)]);
  }
  let dts = 0;
  let lastPts = -Infinity;
  let lastDecodedPts = 0;
  let run = 0;
  let left = offsets[0]?.[0] ?? 0;
  const runs = stts.readUInt32BE(4);
  for (let i = 0; i < runs; i++) {
    const count = stts.readUInt32BE(8 + i * 8);
    const delta = stts.readUInt32BE(12 + i * 8);
    for (let s = 0; s < count; s++) {
      while (left === 0 && run < offsets.length - 1) left = offsets[++run]![0];
      const pts = dts + (left > 0 ? offsets[run]![1] : 0);
      if (left > 0) left--;
      lastPts = Math.max(lastPts, pts);
      lastDecodedPts = pts;
      dts += delta;
    }
  }
  return { lastPts, lastDecodedPts };
}

/**
 * Makes the last edit that shows media end at media time `end`; returns the edit list's whole
 * length (movie timescale), or null for an edit list we do not understand.
 */
function endEdit(
  elst: Buffer,
  scales: { end: number; mediaScale: number; movieScale: number },
): number | null {
  const edit = lastMediaEdit(elst);
  if (!edit) return null;
  const { wide, at, mediaTime, count, size } = edit;
  const duration = Math.round(((scales.end - mediaTime) * scales.movieScale) / scales.mediaScale);
  if (duration <= 0) return null;
  if (wide) elst.writeBigUInt64BE(BigInt(duration), at);
  else elst.writeUInt32BE(Math.min(duration, 0xffffffff), at);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const entry = 8 + i * size;
    total += wide ? Number(elst.readBigUInt64BE(entry)) : elst.readUInt32BE(entry);
  }
  return total;
}

/**
 * The last edit that shows media: where its entry is, its duration (movie timescale) and where
 * in the media it starts (media timescale). Null for an edit list we do not understand.
 */
function lastMediaEdit(elst: Buffer) {
  const wide = elst[0] === 1;
  const size = wide ? 20 : 12;
  const count = elst.length >= 8 ? elst.readUInt32BE(4) : 0;
  if (count === 0 || elst.length < 8 + count * size) return null;
  for (let i = count - 1; i >= 0; i--) {
    const at = 8 + i * size;
    const mediaTime = wide ? Number(elst.readBigInt64BE(at + 8)) : elst.readInt32BE(at + 4);
    if (mediaTime < 0) continue;
    const duration = wide ? Number(elst.readBigUInt64BE(at)) : elst.readUInt32BE(at);
    return { wide, size, count, at, duration, mediaTime };
  }
  return null;
}

function handlerOf(trak: Buffer): string | undefined {
  const mdia = children(trak, 'mdia')[0];
  const hdlr = mdia && children(mdia, 'hdlr')[0];
  return hdlr && hdlr.length >= 12 ? hdlr.toString('latin1', 8, 12) : undefined;
}

/** `mvhd` and `mdhd` share the layout up to the duration: version, times, timescale. */
function timescaleOf(box: Buffer): number {
  return box[0] === 1 ? box.readUInt32BE(20) : box.readUInt32BE(12);
}

/** Where the duration is: `mvhd`/`mdhd` ('media' layout) or `tkhd` (track ID and a gap first). */
function durationAt(box: Buffer, layout: 'media' | 'track'): number {
  const wide = box[0] === 1;
  if (layout === 'media') return wide ? 24 : 16;
  return wide ? 28 : 20;
}

function readDuration(box: Buffer, layout: 'media' | 'track'): number {
  const at = durationAt(box, layout);
  return box[0] === 1 ? Number(box.readBigUInt64BE(at)) : box.readUInt32BE(at);
}

function writeDuration(box: Buffer, layout: 'media' | 'track', value: number): void {
  const at = durationAt(box, layout);
  if (box[0] === 1) box.writeBigUInt64BE(BigInt(Math.max(0, value)), at);
  else box.writeUInt32BE(Math.min(Math.max(0, value), 0xffffffff), at);
}

/** Chunk offsets past `moovOffset` (media written after moov) move by `growth` bytes. */
function shiftChunkOffsets(moov: Buffer, moovOffset: number, growth: number): void {
  for (const trak of children(moov.subarray(8), 'trak')) {
    const mdia = children(trak, 'mdia')[0];
    const minf = mdia && children(mdia, 'minf')[0];
    const stbl = minf && children(minf, 'stbl')[0];
    if (!stbl) continue;
    for (const stco of children(stbl, 'stco')) {
      const n = Math.min(stco.readUInt32BE(4), (stco.length - 8) / 4);
      for (let i = 0; i < n; i++) {
        const at = 8 + i * 4;
        const value = stco.readUInt32BE(at);
        if (value > moovOffset) stco.writeUInt32BE(value + growth, at);
      }
    }
    for (const co64 of children(stbl, 'co64')) {
      const n = Math.min(co64.readUInt32BE(4), (co64.length - 8) / 8);
      for (let i = 0; i < n; i++) {
        const at = 8 + i * 8;
        const value = co64.readBigUInt64BE(at);
        if (value > BigInt(moovOffset)) co64.writeBigUInt64BE(value + BigInt(growth), at);
      }
    }
  }
}

/** Writes the file again with its moov replaced by a longer one (next to it, then renamed). */
async function rewriteWithMoov(
  file: string,
  grown: { moov: Buffer; offset: number; oldSize: number } | null,
): Promise<void> {
  if (!grown) return;
  const temp = `${file}.retimed`;
  try {
    const out = createWriteStream(temp);
    if (grown.offset > 0)
      await pipeline(createReadStream(file, { end: grown.offset - 1 }), out, { end: false });
    out.write(grown.moov);
    await pipeline(createReadStream(file, { start: grown.offset + grown.oldSize }), out);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
