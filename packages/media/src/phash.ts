import sharp from 'sharp';
import { resolveFfmpeg } from './ffmpeg.ts';
import { demuxerFor } from './render/ffmpeg-input.ts';
import { runProcess } from './process.ts';
import { mediaErrorFromSharp } from './sharp-errors.ts';
import { readHead, sniffFormat } from './sniff.ts';
import { defaultMediaLimits, MediaError } from './types.ts';
import { inSharpSlot } from './sharp-slots.ts';
import { dHash } from './visual-features.ts';

/**
 * A 64-bit difference hash (dHash) of the first frame, as 16 hex characters: the frame is
 * flattened onto white, turned grey, squeezed to 9x8, and each bit says whether a pixel is
 * brighter than its right-hand neighbour. Re-encoding or resizing barely changes it, so
 * near-duplicates sit a few bits apart (`hammingDistance`).
 */
export async function perceptualHash(path: string): Promise<string> {
  const format = sniffFormat(await readHead(path, 64));
  if (!format) throw new MediaError('unsupported_media_type', 'Cannot hash this file type.');
  const input =
    format === 'mp4' || format === 'mov' || format === 'webm'
      ? await firstVideoFrame(path, format)
      : path;
  try {
    const pixels = await inSharpSlot(() =>
      sharp(input, {
        pages: 1,
        limitInputPixels: defaultMediaLimits.maxPixelsPerFrame,
        failOn: 'error',
      })
        .flatten({ background: '#ffffff' })
        .greyscale()
        .resize(9, 8, { fit: 'fill' })
        .raw()
        .toBuffer(),
    );
    return dHash(pixels);
  } catch (error) {
    throw mediaErrorFromSharp(error, 'Hashing the first frame');
  }
}

/** Number of differing bits between two hashes from `perceptualHash`. */
export function hammingDistance(a: string, b: string): number {
  if (!/^[0-9a-f]{16}$/i.test(a) || !/^[0-9a-f]{16}$/i.test(b)) {
    throw new RangeError('Perceptual hashes are 16 hex characters.');
  }
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/** The first frame of a video as a small PNG, so images and videos share the hashing path. */
async function firstVideoFrame(path: string, format: 'mp4' | 'mov' | 'webm'): Promise<Buffer> {
  const ff = await resolveFfmpeg();
  const result = await runProcess({
    file: ff.ffmpegPath,
    args: [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-protocol_whitelist',
      'file',
      '-max_pixels',
      String(defaultMediaLimits.maxPixelsPerFrame),
      '-f',
      demuxerFor(format),
      '-i',
      path,
      '-frames:v',
      '1',
      '-vf',
      'scale=256:256:force_original_aspect_ratio=decrease',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ],
    timeoutMs: 30_000,
    maxStdoutBytes: 4 * 1024 * 1024,
  });
  if (result.timedOut)
    throw new MediaError('processing_timeout', 'Reading the first frame timed out.');
  if (result.code !== 0 || result.stdout.length === 0) {
    throw new MediaError('corrupt_media', 'The first frame of the video cannot be read.');
  }
  return result.stdout;
}
