import { open, stat } from 'node:fs/promises';
import { resolveFfmpeg } from '../ffmpeg.ts';
import { checkDecodedWork } from '../limits.ts';
import { walkImage } from '../probe/probe-image.ts';
import { MediaError, type MediaLimits } from '../types.ts';
import { describeOutputs, hashFile } from './describe-output.ts';
import { fileInput } from './ffmpeg-input.ts';
import { runFfmpegJob } from './ffmpeg-job.ts';
import { readMp4LastDurationMs } from './mp4-last-duration.ts';
import { evenSize, fitWithin, toHeight, type Size } from './sizes.ts';

/** Height of the "nano" renditions (Tenor's smallest sizes), made on first request. */
export const nanoHeight = 90;

/** The "nano" size of a rendition: 90 px tall (width at most five times that), even sides. */
export function nanoSize(original: Size): Size {
  return evenSize(toHeight(original, nanoHeight, nanoHeight * 5));
}

/** A rendition Jiffy already stored, read back to make another from it. */
export interface DerivedSource {
  path: string;
  format: 'gif' | 'mp4';
  size: Size;
  frames: number;
}

/** What a derived file turned out to be, measured from its bytes. */
export interface DerivedFile {
  width: number;
  height: number;
  frames: number;
  bytes: number;
  sha256: string;
}

/** WebM files start with the EBML magic number. */
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * Makes one rendition from another already stored (e.g. a 90 px GIF from `original.gif`, a
 * WebM from `original.mp4`): one ffmpeg run over a small, already checked file, so it is cheap
 * enough to do when a client first asks for it rather than for every upload. The source is
 * charged against the decoded-work budget all the same. GIF and WebP keep transparency when
 * `alpha`; MP4 and WebM are flattened onto white as the upload pipeline does.
 */
export async function renderDerived(options: {
  source: DerivedSource;
  output: { path: string; format: 'gif' | 'mp4' | 'webp' | 'webm'; size: Size };
  alpha: boolean;
  limits: MediaLimits;
}): Promise<DerivedFile> {
  const { source, output, limits } = options;
  checkDecodedWork({ ...source.size, frames: source.frames }, limits);
  const lastDelayMs = await lastFrameDelayMs(source, limits);
  await runFfmpegJob({
    ff: await resolveFfmpeg(),
    input: fileInput({
      path: source.path,
      format: source.format,
      maxPixels: limits.maxPixelsPerFrame,
    }),
    source: {
      size: source.size,
      base: source.size,
      extract: null,
      extractSeconds: 1,
      extractFrames: source.frames,
      exactFrames: true,
      paletteSample: fitWithin(source.size, { width: 160, height: 160 }),
      // The stored file's timing is the GIF's own: every delay, the last one's included.
      inputTimeBase: true,
      ...(lastDelayMs !== null ? { lastDelayMs } : {}),
    },
    outputs: [
      {
        label: 'o0',
        tail: output.format,
        size: output.size,
        frames: { kind: 'all' },
        alpha: options.alpha,
        path: output.path,
      },
    ],
    limits,
  });
  if (output.format !== 'webm') {
    const [file] = await describeOutputs([
      // The name is only a label for describeOutputs; the caller names the rendition.
      { name: 'original', format: output.format, path: output.path },
    ]);
    const { width, height, frames, bytes, sha256 } = file!;
    return { width, height, frames, bytes, sha256 };
  }
  // Neither sharp nor the MP4 box reader reads WebM: check its magic and trust the plan's size.
  const { size: bytes } = await stat(output.path);
  if (bytes === 0 || !(await startsWith(output.path, EBML_MAGIC))) {
    throw new MediaError('processing_failed', 'The WebM was not written.');
  }
  return { ...output.size, frames: source.frames, bytes, sha256: await hashFile(output.path) };
}

async function startsWith(path: string, magic: Buffer): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    await handle.read(head, 0, magic.length, 0);
    return head.equals(magic);
  } finally {
    await handle.close();
  }
}

/**
 * How long the stored file shows its last frame (ms): an encoder knows a frame's duration only
 * from the next one, so without it the copy's last frame got the average delay (GIF), the
 * previous one's (WebP) or one guessed frame (MP4): a 1 s closing pause became 250, 427 or 34 ms.
 */
async function lastFrameDelayMs(
  source: DerivedSource,
  limits: MediaLimits,
): Promise<number | null> {
  if (source.frames < 2) return null;
  if (source.format === 'mp4') return readMp4LastDurationMs(source.path);
  return (await walkImage(source.path, 'gif', limits)).delaysMs.at(-1) ?? null;
}
