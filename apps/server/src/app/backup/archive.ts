import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import { assertSafeKey, type BlobStorage } from '../../platform/storage/blob-storage.ts';
import type { SequenceState, TableShape } from './catalog.ts';
import type { DumpSource } from './load.ts';
import {
  digestFile,
  digestTap,
  readNdjson,
  writeNdjsonGz,
  type FileDigest,
} from './ndjson-files.ts';
import { RefusedError } from './refused-error.ts';
import type { Snapshot } from './snapshot.ts';

export const ARCHIVE_FORMAT = 'jiffy-backup';
export const ARCHIVE_VERSION = 1;

/**
 * Every top-level folder of the media store (keys are `<root>/...`): GIF files, avatars and
 * their sources, and the takedown quarantine. A new kind of blob adds its root here.
 */
export const MEDIA_ROOTS = ['gifs', 'avatars', 'avatar-sources', 'quarantine'] as const;

/** One stored file of the archive. */
export interface ArchiveFile extends FileDigest {
  /** Path inside the archive folder, slash-separated. */
  file: string;
}

/** `manifest.json`: what the archive holds and how to check it. */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  /** The engine the data came from (informational: either engine restores either). */
  sourceEngine: 'pglite' | 'postgres';
  /** The newest migration applied to the source: the tables' shape. */
  migration: string;
  tables: (TableShape & ArchiveFile & { rows: number })[];
  sequences: Record<string, SequenceState>;
  jobs: ArchiveFile & { rows: number };
  media: { blobs: number; bytes: number; index: ArchiveFile };
}

/** One line of `media/index.ndjson`. */
interface MediaEntry {
  key: string;
  bytes: number;
  sha256: string;
}

const blobPath = (dir: string, key: string) => path.join(dir, 'media', 'blobs', ...key.split('/'));

/**
 * Writes `snapshot` and the media of `storage` as an archive folder at `dir` (which must not
 * exist). It is written as `<dir>.partial` and renamed at the end, so a folder named `dir` is
 * always a whole archive.
 */
export async function writeArchive(options: {
  dir: string;
  snapshot: Snapshot;
  storage: BlobStorage;
}): Promise<Manifest> {
  const { dir, snapshot, storage } = options;
  if (await fs.stat(dir).catch(() => null)) {
    throw new RefusedError('archive-exists', `${dir} already exists: name a new folder`);
  }
  const work = `${dir}.partial`;
  await fs.rm(work, { recursive: true, force: true });
  try {
    const manifest = await writeParts(work, snapshot, storage);
    await fs.writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(work, dir);
    return manifest;
  } catch (error) {
    await fs.rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function writeParts(
  work: string,
  snapshot: Snapshot,
  storage: BlobStorage,
): Promise<Manifest> {
  await fs.mkdir(path.join(work, 'db'), { recursive: true });
  await fs.mkdir(path.join(work, 'media'), { recursive: true });
  const tables: Manifest['tables'] = [];
  for (const [index, table] of snapshot.tables.entries()) {
    const file = `db/${String(index + 1).padStart(3, '0')}-${table.name}.ndjson.gz`;
    const written = await writeNdjsonGz(path.join(work, file), snapshot.rows(table));
    tables.push({ ...table, file, ...written });
  }
  const jobsFile = 'db/jobs.ndjson.gz';
  const jobs = {
    file: jobsFile,
    ...(await writeNdjsonGz(path.join(work, jobsFile), snapshot.jobs())),
  };
  const media = await writeMedia(work, storage);
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdAt: new Date().toISOString(),
    sourceEngine: snapshot.engine,
    migration: snapshot.migration,
    tables,
    sequences: snapshot.sequences,
    jobs,
    media,
  };
}

async function writeMedia(work: string, storage: BlobStorage): Promise<Manifest['media']> {
  const indexFile = 'media/index.ndjson';
  const index = createWriteStream(path.join(work, indexFile));
  let blobs = 0;
  let bytes = 0;
  try {
    for (const root of MEDIA_ROOTS) {
      for (const { key } of await storage.list(root)) {
        const target = blobPath(work, key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        const { tap, digest } = digestTap();
        try {
          await pipeline(storage.read(key), tap, createWriteStream(target));
        } catch (error) {
          // Removed since the listing (a takedown's move, an orphan swept): not part of the data.
          if (!(await storage.stat(key))) {
            await fs.rm(target, { force: true });
            continue;
          }
          throw error;
        }
        const entry: MediaEntry = { key, ...digest() };
        if (!index.write(`${JSON.stringify(entry)}\n`)) await once(index, 'drain');
        blobs += 1;
        bytes += entry.bytes;
      }
    }
  } finally {
    index.end();
    await once(index, 'close');
  }
  return {
    blobs,
    bytes,
    index: { file: indexFile, ...(await digestFile(path.join(work, indexFile))) },
  };
}

/** An archive whose every file was checked against the manifest. */
export interface VerifiedArchive {
  dir: string;
  manifest: Manifest;
  source: DumpSource;
  /** Stores every media blob of the archive in `storage`, `concurrency` at a time. */
  copyMedia(storage: BlobStorage, concurrency?: number): Promise<number>;
}

/**
 * Reads an archive's manifest and checks every file it lists (size and SHA-256, the media too)
 * before anything is loaded: a damaged archive is refused whole.
 */
export async function openArchive(dir: string): Promise<VerifiedArchive> {
  const damaged = (why: string) => new RefusedError('archive-damaged', `${dir}: ${why}`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new RefusedError('not-an-archive', `${dir} has no manifest.json: not a Jiffy backup`);
    throw damaged('manifest.json is not readable JSON');
  }
  if (manifest.format !== ARCHIVE_FORMAT)
    throw new RefusedError('not-an-archive', `${dir} is not a Jiffy backup`);
  if (manifest.version !== ARCHIVE_VERSION)
    throw new RefusedError(
      'archive-version',
      `${dir} is in archive format ${manifest.version}; this Jiffy reads format ${ARCHIVE_VERSION}`,
    );
  if (!Array.isArray(manifest.tables) || !manifest.jobs || !manifest.media?.index)
    throw damaged('manifest.json is incomplete');

  const check = async (file: ArchiveFile | MediaEntry, where: string) => {
    if ('key' in file) {
      try {
        assertSafeKey(file.key);
      } catch {
        throw damaged(`bad media key ${JSON.stringify(file.key)}`);
      }
    }
    const found = await digestFile(path.join(dir, ...where.split('/'))).catch(() => null);
    if (!found) throw damaged(`${where} is missing`);
    if (found.bytes !== file.bytes || found.sha256 !== file.sha256)
      throw damaged(`${where} does not match its checksum`);
  };
  for (const file of [...manifest.tables, manifest.jobs, manifest.media.index]) {
    if (!/^(db|media)\/[A-Za-z0-9_.-]+$/.test(file.file))
      throw damaged(`bad file name ${file.file}`);
    await check(file, file.file);
  }
  const mediaEntries = async function* () {
    for await (const batch of readNdjson(path.join(dir, manifest.media.index.file))) {
      yield batch.map((line) => JSON.parse(line) as MediaEntry);
    }
  };
  let blobs = 0;
  for await (const batch of mediaEntries()) {
    for (const entry of batch) {
      await check(entry, `media/blobs/${entry.key}`);
      blobs += 1;
    }
  }
  if (blobs !== manifest.media.blobs) throw damaged('the media index does not match the manifest');

  const tableFiles = new Map(manifest.tables.map((t) => [t.name, t.file]));
  return {
    dir,
    manifest,
    source: {
      migration: manifest.migration,
      tables: manifest.tables.map(({ name, columns, selfReference }) => ({
        name,
        columns,
        ...(selfReference ? { selfReference } : {}),
      })),
      sequences: manifest.sequences,
      rows: (table) => readNdjson(path.join(dir, tableFiles.get(table.name)!)),
      jobs: () => readNdjson(path.join(dir, manifest.jobs.file)),
    },
    async copyMedia(storage, concurrency = 4) {
      let copied = 0;
      for await (const batch of mediaEntries()) {
        for (let i = 0; i < batch.length; i += concurrency) {
          await Promise.all(
            batch
              .slice(i, i + concurrency)
              .map((entry) => storage.putFile(entry.key, blobPath(dir, entry.key))),
          );
          copied += Math.min(concurrency, batch.length - i);
        }
      }
      return copied;
    },
  };
}
