import fs from 'node:fs/promises';
import pLimit from 'p-limit';
import type { Config } from '../config/env.ts';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.ts';
import { ensureQueueTables } from '../../platform/jobs/job-queue.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import { createBlobStorage } from '../../platform/storage/create-blob-storage.ts';
import { LocalStorage } from '../../platform/storage/local-storage.ts';
import { MEDIA_ROOTS, openArchive, writeArchive, type Manifest } from './archive.ts';
import { assertLoadableLevel, loadDump, type LoadResult } from './load.ts';
import { RefusedError } from './refused-error.ts';
import { withSnapshot } from './snapshot.ts';
import { queueSchemaOf } from '../../platform/jobs/queue-schema.ts';

/** A postgres:// (or postgresql://) URL with a host, or a refusal. */
export function assertServerUrl(url: string): void {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || !['postgres:', 'postgresql:'].includes(parsed.protocol) || !parsed.hostname) {
    throw new RefusedError(
      'bad-url',
      `the target must be a PostgreSQL server URL (postgres://user:password@host:5432/database), ` +
        `not ${JSON.stringify(url.replace(/\/\/[^@/]*@/, '//…@'))}`,
    );
  }
}

/**
 * Opens the instance's database for a one-off command. The embedded one is locked for this
 * process (a running Jiffy holds it: refused); a missing one is not created.
 */
async function openInstanceDatabase(
  config: Config,
  role: 'source' | 'target',
): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL && role === 'source' && !(await fs.stat(config.dbDir).catch(() => null)))
    throw new RefusedError('no-database', `there is no embedded database in ${config.dbDir}`);
  try {
    return await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.dbDir,
      schema: config.DATABASE_URL ? config.DATABASE_SCHEMA : undefined,
      poolSize: 2,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/in use by process/.test(message)) throw new RefusedError('database-in-use', message);
    throw error;
  }
}

/** `npm run backup`: the instance's database (one snapshot) and media into an archive folder. */
export async function backup(options: { config: Config; out: string }): Promise<Manifest> {
  const { config } = options;
  const source = await openInstanceDatabase(config, 'source');
  try {
    return await withSnapshot({
      source,
      queueSchema: queueSchemaOf(config),
      fn: (snapshot) =>
        writeArchive({ dir: options.out, snapshot, storage: createBlobStorage(config) }),
    });
  } finally {
    await source.close();
  }
}

/**
 * `npm run restore`: checks the archive whole, then loads it into the configured (empty)
 * database and media store.
 */
export async function restore(options: {
  config: Config;
  archive: string;
  force?: boolean;
}): Promise<LoadResult & { media: number }> {
  const { config } = options;
  if (config.DATABASE_URL) assertServerUrl(config.DATABASE_URL);
  const archive = await openArchive(options.archive);
  assertLoadableLevel(archive.manifest.migration);
  const target = await openInstanceDatabase(config, 'target');
  try {
    const queueSchema = queueSchemaOf(config);
    let media = 0;
    const loaded = await loadDump({
      target,
      queueSchema,
      ensureQueue: () => ensureQueueTables(target.queueExecutor, queueSchema),
      source: archive.source,
      force: options.force ?? false,
      copyMedia: async () => {
        media = await archive.copyMedia(createBlobStorage(config));
      },
    });
    return { ...loaded, media };
  } finally {
    await target.close();
  }
}

/**
 * `npm run migrate-db`: the embedded instance's data (`source`, DATA_DIR) straight into the
 * server `target` names, read in one snapshot and loaded in one transaction; with `target`'s
 * STORAGE=s3 the media is copied to the bucket too, else it stays in DATA_DIR/media.
 */
export async function migrateDb(options: {
  source: Config;
  target: Config;
  force?: boolean;
}): Promise<LoadResult & { media: number }> {
  const { target: targetConfig } = options;
  if (options.source.DATABASE_URL)
    throw new RefusedError(
      'source-not-embedded',
      'DATABASE_URL is set: migrate-db moves an embedded instance (DATA_DIR) to a server; ' +
        'unset it (use backup and restore to move between servers)',
    );
  assertServerUrl(targetConfig.DATABASE_URL ?? '');
  const source = await openInstanceDatabase(options.source, 'source');
  try {
    const target = await openInstanceDatabase(targetConfig, 'target');
    try {
      const queueSchema = queueSchemaOf(targetConfig);
      let media = 0;
      const loaded = await withSnapshot({
        source,
        queueSchema: queueSchemaOf(options.source),
        fn: (snapshot) =>
          loadDump({
            target,
            queueSchema,
            ensureQueue: () => ensureQueueTables(target.queueExecutor, queueSchema),
            source: snapshot,
            force: options.force ?? false,
            copyMedia: async () => {
              if (options.source.STORAGE === 'local' && targetConfig.STORAGE === 's3') {
                media = await copyLocalMedia(
                  new LocalStorage(options.source.mediaDir),
                  createBlobStorage(targetConfig),
                );
              }
            },
          }),
      });
      return { ...loaded, media };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

async function copyLocalMedia(from: LocalStorage, to: BlobStorage): Promise<number> {
  const limit = pLimit(4);
  let copied = 0;
  for (const root of MEDIA_ROOTS) {
    const blobs = await from.list(root);
    await Promise.all(
      blobs.map(({ key }) =>
        limit(async () => {
          await to.putFile(key, from.pathOf(key));
          copied += 1;
        }),
      ),
    );
  }
  return copied;
}
