import { stat } from 'node:fs/promises';
import { checkLimits } from '../limits.ts';
import { readHead, sniffFormat } from '../sniff.ts';
import { MediaError, type MediaLimits, type MediaProbe } from '../types.ts';
import { probeImage } from './probe-image.ts';
import { probeVideo } from './probe-video.ts';

/**
 * Works out what a source is without decoding it: sniffs the format from its bytes, walks the
 * container (or asks ffprobe, for video), and applies `checkLimits`. Every failure is a
 * `MediaError`: `unsupported_media_type` for unknown bytes, `corrupt_media` for empty, cut-short
 * or unreadable files, and the limit codes for sources that are too big.
 */
export async function probe(path: string, limits: MediaLimits): Promise<MediaProbe> {
  const { size } = await stat(path);
  if (size === 0) throw new MediaError('corrupt_media', 'The file is empty.');
  if (size > limits.maxBytes) {
    throw new MediaError('file_too_large', `The file is larger than ${limits.maxBytes} bytes.`);
  }
  const format = sniffFormat(await readHead(path, 64));
  if (!format) {
    throw new MediaError(
      'unsupported_media_type',
      'The file is not a GIF, WebP, PNG/APNG, MP4, WebM or MOV.',
    );
  }
  const probed =
    format === 'mp4' || format === 'mov' || format === 'webm'
      ? await probeVideo(path, format, limits)
      : await probeImage(path, format, limits);
  checkLimits(probed, limits);
  return probed;
}
