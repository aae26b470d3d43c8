import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { renditionContentTypes } from '@jiffy/contracts';
import pLimit from 'p-limit';
import { assertSafeKey, type BlobInfo, type BlobStorage, type ByteRange } from './blob-storage.ts';
import {
  isPublicObject,
  keyOfObjectName,
  objectNameOf,
  objectPrefixesOf,
} from './s3-object-names.ts';

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Folder in the bucket ('' or ending in '/'), so instances can share a bucket. */
  prefix: string;
  /** Files larger than this go up in parts of this size (at least 5 MiB, S3's minimum). */
  partSize?: number;
}

/**
 * Blobs as objects in an S3 bucket (AWS or any S3-compatible store). Public files carry their
 * content type and a year of immutable caching, so the bucket (or a CDN in front of it) can serve
 * them as Jiffy's /media does; see s3-object-names.ts for the layout.
 */
export class S3Storage implements BlobStorage {
  readonly bucket: string;
  readonly prefix: string;
  readonly client: S3Client;
  readonly #partSize: number;

  constructor(options: S3StorageOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.#partSize = Math.max(options.partSize ?? 8 * 2 ** 20, 5 * 2 ** 20);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    // One PutObject for a small file, a multipart upload past partSize; either way S3 shows
    // readers the old object or the whole new one, never a part.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.#nameOf(key),
        Body: fs.createReadStream(sourcePath),
        ...headersFor(key),
      },
      partSize: this.#partSize,
      queueSize: 2,
    });
    await upload.done();
  }

  async getToFile(key: string, destPath: string): Promise<void> {
    const body = await this.#get(key);
    await pipeline(body, fs.createWriteStream(destPath));
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.#nameOf(key) }),
      );
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    this.#nameOf(key); // refuses a bad key at once, as the local backend does
    // Lazy: the GetObject goes out on the first read, so an unread stream costs nothing.
    return new ObjectStream(() => this.#get(key, range));
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.#deleteNames(await this.#namesUnder(prefix, { andSelf: true }));
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success too.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.#nameOf(key) }),
    );
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const found = await this.#listUnder(prefix);
    return [...found.values()];
  }

  async movePrefix(fromKey: string, toKey: string): Promise<boolean> {
    assertSafeKey(toKey);
    const sources = await this.#namesUnder(fromKey, { andSelf: true });
    if (sources.length === 0) return false;
    // S3 has no rename: every object is copied, then the sources go. A reader meanwhile finds
    // each file in one place or both, never in neither; the moved copy overwrites a file
    // written at the target meanwhile (what is moved wins, as on disk).
    const limit = pLimit(8);
    await Promise.all(
      sources.map((source) =>
        limit(async () => {
          const key = keyOfObjectName(source.slice(this.prefix.length))!;
          const targetKey = `${toKey}${key.slice(fromKey.length)}`;
          await this.client.send(
            new CopyObjectCommand({
              Bucket: this.bucket,
              Key: this.#nameOf(targetKey),
              CopySource: encodeURI(`${this.bucket}/${source}`),
              // Headers follow the new place: a quarantined file is no longer cached publicly.
              MetadataDirective: 'REPLACE',
              ...headersFor(targetKey),
            }),
          );
        }),
      ),
    );
    await this.#deleteNames(sources);
    return true;
  }

  /** Full object name (with S3_PREFIX) of a key. */
  #nameOf(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${objectNameOf(key)}`;
  }

  async #get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.#nameOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = object.Body as Readable;
      if (!range) return body;
      // A store may answer with more than the range (S3 sends the whole object for a range it
      // finds invalid, s3rver for `bytes=0-0`): the asked bytes are cut out of what came.
      const sent = /^bytes (\d+)-(\d+)\//.exec(object.ContentRange ?? '');
      const [first, last] = sent ? [Number(sent[1]), Number(sent[2])] : [0, Infinity];
      if (first === range.start && last === range.end) return body;
      const slice = byteSlice({ start: range.start - first, end: range.end - first });
      body.once('error', (error) => slice.destroy(error));
      return body.pipe(slice);
    } catch (error) {
      if (isNotFound(error)) throw missing(key);
      throw error;
    }
  }

  /** Keys under `prefix` + '/', from every place in the bucket that can hold them. */
  async #listUnder(prefix: string): Promise<Map<string, { key: string; modifiedAt: Date }>> {
    assertSafeKey(prefix);
    const found = new Map<string, { key: string; modifiedAt: Date }>();
    for (const objectPrefix of objectPrefixesOf(prefix)) {
      const pages = paginateListObjectsV2(
        { client: this.client },
        { Bucket: this.bucket, Prefix: `${this.prefix}${objectPrefix}` },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const name = object.Key!;
          const key = keyOfObjectName(name.slice(this.prefix.length));
          if (!key?.startsWith(`${prefix}/`)) continue;
          found.set(name, { key, modifiedAt: object.LastModified ?? new Date(0) });
        }
      }
    }
    return found;
  }

  /** Object names of the keys under `prefix` + '/', and of `prefix` itself when it is a blob. */
  async #namesUnder(prefix: string, options: { andSelf: boolean }): Promise<string[]> {
    const names = [...(await this.#listUnder(prefix)).keys()];
    if (options.andSelf && (await this.stat(prefix))) names.push(this.#nameOf(prefix));
    return names;
  }

  async #deleteNames(names: string[]): Promise<void> {
    for (let i = 0; i < names.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: names.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }
}

/** Content type and caching of a key's object. */
function headersFor(key: string): { ContentType: string; CacheControl?: string } {
  const extension = /\.([a-z0-9]+)$/.exec(key)?.[1] ?? '';
  const ContentType =
    (renditionContentTypes as Record<string, string>)[extension] ?? 'application/octet-stream';
  return isPublicObject(objectNameOf(key))
    ? { ContentType, CacheControl: 'public, max-age=31536000, immutable' }
    : { ContentType };
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** The error a local read of a missing file gives, so callers see one kind of miss. */
function missing(key: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`ENOENT: no such blob, ${key}`);
  error.code = 'ENOENT';
  return error;
}

/** Passes on only the bytes from `start` to `end` (inclusive) of what flows through. */
function byteSlice({ start, end }: ByteRange): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = Math.max(start - offset, 0);
      const to = Math.min(end + 1 - offset, chunk.length);
      offset += chunk.length;
      callback(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

/** A readable that opens its source on the first read and follows its backpressure. */
class ObjectStream extends Readable {
  readonly #open: () => Promise<Readable>;
  #source: Readable | null = null;
  #opening = false;

  constructor(open: () => Promise<Readable>) {
    super();
    this.#open = open;
  }

  override _read(): void {
    if (this.#source) {
      this.#source.resume();
      return;
    }
    if (this.#opening) return;
    this.#opening = true;
    this.#open().then(
      (source) => {
        if (this.destroyed) {
          source.destroy();
          return;
        }
        this.#source = source;
        source.on('data', (chunk: Buffer) => {
          if (!this.push(chunk)) source.pause();
        });
        source.once('end', () => this.push(null));
        source.once('error', (error) => this.destroy(error));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#source?.destroy();
    callback(error);
  }
}
