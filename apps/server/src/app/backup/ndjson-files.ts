import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import readline from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/** A stored file's size and SHA-256, as the manifest records them. */
export interface FileDigest {
  bytes: number;
  sha256: string;
}

/** Lines are loaded at most this many, and about this many bytes, at a time. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/** A pass-through that measures what flows through it. */
export function digestTap(): { tap: Transform; digest: () => FileDigest } {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { tap, digest: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/** Writes batches of lines to a gzipped NDJSON file; resolves to its digest and line count. */
export async function writeNdjsonGz(
  file: string,
  batches: AsyncIterable<string[]>,
): Promise<FileDigest & { rows: number }> {
  let rows = 0;
  async function* text() {
    for await (const batch of batches) {
      rows += batch.length;
      if (batch.length > 0) yield `${batch.join('\n')}\n`;
    }
  }
  const { tap, digest } = digestTap();
  await pipeline(Readable.from(text()), createGzip({ level: 6 }), tap, createWriteStream(file));
  return { ...digest(), rows };
}

/** Reads a (gzipped, when the name says so) NDJSON file back in batches of lines. */
export async function* readNdjson(file: string): AsyncIterable<string[]> {
  const raw = createReadStream(file);
  let input: Readable = raw;
  if (file.endsWith('.gz')) {
    const gunzip = createGunzip();
    raw.on('error', (error) => gunzip.destroy(error));
    input = raw.pipe(gunzip);
  }
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      yield batch;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** Size and SHA-256 of a file on disk, streamed. */
export async function digestFile(file: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
