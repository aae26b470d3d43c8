import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import {
  MediaError,
  type RenditionFile,
  type RenditionFormat,
  type RenditionName,
} from '../types.ts';
import { readMp4Facts } from './mp4-boxes.ts';
import { inSharpSlot } from '../sharp-slots.ts';
import { traced } from '../trace.ts';

/** A rendition as planned: which name/format it serves and the file that holds it. */
export interface ProducedRendition {
  name: RenditionName;
  format: RenditionFormat;
  path: string;
}

type FileFacts = Omit<RenditionFile, 'name' | 'format' | 'path'>;

/**
 * Measures each produced file from its bytes (size, sha256, dimensions, frames) and checks it
 * decodes, since ffmpeg can exit 0 having written nothing useful. Files shared by several
 * renditions are read once. Any bad file is `processing_failed`.
 */
export async function describeOutputs(
  produced: readonly ProducedRendition[],
): Promise<RenditionFile[]> {
  const facts = new Map<string, Promise<FileFacts>>();
  for (const item of produced) {
    if (!facts.has(item.path)) {
      facts.set(
        item.path,
        traced(`describe ${basename(item.path)}`, () => measure(item.path, item.format)),
      );
    }
  }
  return Promise.all(
    produced.map(async (item) => ({
      name: item.name,
      format: item.format,
      path: item.path,
      ...(await facts.get(item.path)!),
    })),
  );
}

/** Frames up to this many pixels are decoded whole to check them (4 MB of RGBA at most). */
const decodeWholePixels = 1024 * 1024;

/** Files up to this size are read once into memory, hashed and handed to sharp from there. */
const inMemoryBytes = 8 * 1024 * 1024;

async function measure(path: string, format: RenditionFormat): Promise<FileFacts> {
  const { size } = await stat(path).catch(() => {
    throw new MediaError('processing_failed', `${basename(path)} was not written.`);
  });
  if (size === 0) throw new MediaError('processing_failed', `${basename(path)} is empty.`);
  // A small file (most renditions) is read in one call rather than streamed in 64 KB reads,
  // each of which waits for a libuv thread that sharp's pipelines are also using.
  if (size <= inMemoryBytes && format !== 'mp4') {
    const bytes = await readFile(path);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return { ...(await readShape(path, format, bytes)), bytes: bytes.length, sha256 };
  }
  const [sha256, shape] = await Promise.all([hashFile(path), readShape(path, format)]);
  return { ...shape, bytes: size, sha256 };
}

async function readShape(
  path: string,
  format: RenditionFormat,
  bytes?: Buffer,
): Promise<{ width: number; height: number; frames: number }> {
  if (format === 'mp4') {
    const facts = await readMp4Facts(path);
    if (!facts || facts.frames === 0 || facts.width === 0) {
      throw new MediaError('processing_failed', `${basename(path)} has no video frames.`);
    }
    return facts;
  }
  try {
    const input = bytes ?? path;
    const animated = format === 'gif' || format === 'webp';
    const meta = await inSharpSlot(() => sharp(input, { animated, failOn: 'error' }).metadata());
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (width === 0 || height === 0) throw new Error('no size');
    // Decode the first frame: a header alone does not prove the pixels are there. A frame of a
    // few MB is decoded as it is; shrinking it to 8x8 on the way cost twice as much CPU (2.5
    // against 5.5 ms on the small bench GIF's renditions, ≈ 20 files a GIF). A bigger frame
    // (a source copied as a downsized rendition) is shrunk, so it is never held whole.
    const frame = sharp(input, { failOn: 'error' });
    const shrink = width * height > decodeWholePixels;
    await inSharpSlot(() =>
      (shrink ? frame.resize(8, 8, { fit: 'fill' }) : frame).raw().toBuffer(),
    );
    return { width, height, frames: meta.pages ?? 1 };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new MediaError('processing_failed', `${basename(path)} does not decode: ${reason}`);
  }
}

export function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function basename(path: string): string {
  return path.split(/[/\\]/).pop() ?? path;
}
