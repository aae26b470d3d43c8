import type { Readable } from 'node:stream';

/** Size and modification time of a stored blob. */
export interface BlobInfo {
  size: number;
  modifiedAt: Date;
}

/** An inclusive byte range, as HTTP Range requests name them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live. Keys are slash-separated paths such as `gifs/<id>/fixed_width.gif`.
 * The local filesystem is the default backend, an S3 bucket the other (STORAGE=s3); the
 * contract test (blob-storage.contract.test.ts) holds both to the same answers.
 */
export interface BlobStorage {
  /** Stores the file at `sourcePath` under `key`, replacing any previous blob atomically. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** Copies the blob to `destPath` (for processing). */
  getToFile(key: string, destPath: string): Promise<void>;
  stat(key: string): Promise<BlobInfo | null>;
  /** Streams the blob, or part of it. */
  read(key: string, range?: ByteRange): Readable;
  /** Removes every blob whose key starts with `prefix` + '/', and the blob `prefix` itself. */
  deletePrefix(prefix: string): Promise<void>;
  /** Removes one blob (nothing when it is not there). */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix` + '/', with when it was last written. */
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
  /**
   * Moves every blob under `from` + '/' to the same place under `to` + '/' (a quarantine), and
   * says whether there was anything to move.
   */
  movePrefix(from: string, to: string): Promise<boolean>;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Refuses keys that could escape the storage root or confuse a backend. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.length > 512) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
