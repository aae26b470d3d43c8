import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import {
  checkLimits,
  formatMatchesExtension,
  MediaError,
  probe,
  readHead,
  sniffFormat,
  type MediaLimits,
  type MediaProbe,
} from '@jiffy/media';

/** What Jiffy knows about an uploaded source once it has passed every check. */
export interface InspectedSource {
  probe: MediaProbe;
  sha256: string;
  bytes: number;
}

/**
 * The checks every source passes, whether uploaded or fetched: size, real format from its bytes
 * (and a name that agrees), then a header-only probe against the limits. Nothing is decoded
 * before the limits are known to hold. Throws `MediaError` with a stable code.
 */
export async function inspectSource(
  path: string,
  options: { filename: string | null; limits: MediaLimits },
): Promise<InspectedSource> {
  const { size } = await fsp.stat(path);
  if (size === 0) throw new MediaError('corrupt_media', 'The file is empty.');
  if (size > options.limits.maxBytes) {
    throw new MediaError(
      'file_too_large',
      `The file is larger than ${options.limits.maxBytes} bytes.`,
    );
  }
  const format = sniffFormat(await readHead(path, 64));
  if (!format) {
    throw new MediaError(
      'unsupported_media_type',
      'The file is not a GIF, WebP, PNG/APNG, MP4, WebM or MOV.',
    );
  }
  if (options.filename && !formatMatchesExtension(format, options.filename)) {
    throw new MediaError(
      'media_type_mismatch',
      `The file's name says one format but its content is ${format.toUpperCase()}.`,
    );
  }
  const probed = await probe(path, options.limits);
  checkLimits(probed, options.limits);
  return { probe: probed, sha256: await sha256File(path), bytes: size };
}

function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
