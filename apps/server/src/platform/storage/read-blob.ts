import { buffer } from 'node:stream/consumers';
import type { BlobStorage } from './blob-storage.ts';

/** A whole blob in memory: for small files (stills) a library wants as bytes. */
export function readBlob(storage: BlobStorage, key: string): Promise<Buffer> {
  return buffer(storage.read(key));
}
