import { randomUUID } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { AppError } from '../errors/app-error.ts';
import { untilAborted } from './abortable.ts';

export interface CappedWriteOptions {
  destPath: string;
  maxBytes: number;
  /** Aborting it stops the copy and removes what was written. */
  signal: AbortSignal;
}

/** The `file_too_large` error for a body over `maxBytes`. */
export function fileTooLarge(maxBytes: number): AppError {
  return new AppError('file_too_large', `File is larger than the ${maxBytes} byte limit`);
}

/**
 * Streams `body` to `destPath`, failing with `file_too_large` as soon as it passes
 * `maxBytes`. Returns the byte count. Bytes land in a sibling temp file that is renamed into
 * place only once complete, so `destPath` never holds a partial download and every failure
 * path removes the temp file.
 */
export async function writeCappedBody(
  body: Readable,
  options: CappedWriteOptions,
): Promise<number> {
  const tempPath = `${options.destPath}.${randomUUID()}.part`;
  // Opened up front (not lazily by a stream) so the file exists before anything can fail
  // and the cleanup below always finds what it has to remove.
  const handle = await open(tempPath, 'wx');
  let bytes = 0;
  try {
    // A hand-driven loop rather than stream.pipeline: when pipeline tears down an HTTP
    // response it waits for the response's 'close', which was seen never to arrive once the
    // body had been fully received, hanging the download past its deadline. Racing each read
    // against the signal keeps the deadline hard whatever the response stream does.
    const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (;;) {
      const step = await untilAborted(chunks.next(), options.signal);
      if (step.done === true) break;
      bytes += step.value.length;
      if (bytes > options.maxBytes) throw fileTooLarge(options.maxBytes);
      await handle.write(step.value);
    }
    await handle.close();
    await rename(tempPath, options.destPath);
    return bytes;
  } catch (error) {
    body.destroy();
    await handle.close().catch(() => undefined);
    await rm(tempPath, { force: true });
    throw error;
  }
}
