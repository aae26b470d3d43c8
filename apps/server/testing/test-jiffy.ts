import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { envSchema, resolveConfig, type Env } from '../src/app/config/env.ts';
import { createJiffy, type Jiffy, type Role } from '../src/app/jiffy.ts';
import type { Clock } from '../src/platform/lib/clock.ts';
import { randomBase62 } from '../src/platform/lib/ids.ts';
import { embeddedTemplate } from './embedded-database-template.ts';
import { multipart } from './fixtures.ts';
import {
  databaseFromTemplate,
  SERVER_TEMPLATE_VARIABLE,
  TEMPLATE_SCHEMA,
} from './server-database-template.ts';
import { s3DirOf, startTestS3, type StorageBackend, type TestS3 } from './test-s3.ts';

/** A Jiffy for one test file: its own data folder, and its own database (or schema). */
export interface TestJiffy {
  jiffy: Jiffy;
  apiKey: string;
  dataDir: string;
  /** Where its media goes: DATA_DIR/media, or a bucket on an S3 server of its own. */
  storage: StorageBackend;
  /** Waits until a GIF leaves 'processing' (or, with `complete`, has every rendition). */
  waitForGif(id: string, options?: { complete?: boolean; timeoutMs?: number }): Promise<string>;
  /**
   * Uploads `bytes` as the file `name` through `POST /v1/gifs` with the default key and
   * `fields` (which may name another `api_key`), and waits until it is ready: with every
   * rendition, or with the page's first ones when `complete` is false. Resolves to its id;
   * throws when the upload is refused or the GIF fails.
   */
  uploadAndWait(
    upload: { name: string; bytes: Buffer },
    fields?: Record<string, string>,
    options?: { complete?: boolean },
  ): Promise<string>;
  /** uploadAndWait with a file from disk, waiting for every rendition. */
  uploadFileAndWait(file: string, fields?: Record<string, string>): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts Jiffy the way the suite needs it: in-memory PGlite by default, or a fresh schema on
 * the PostgreSQL server named by DATABASE_URL (so CI runs the same tests on both engines).
 */
export async function startTestJiffy(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: {
    role?: Role;
    dataDir?: string;
    keepOnStop?: boolean;
    logStream?: DestinationStream;
    startWorkers?: boolean;
    /** The time the schedule, stories and kept answers go by (default: the system's). */
    clock?: Clock;
    /**
     * Media on disk, or in a bucket on a real S3-protocol server (s3rver) started for this
     * Jiffy on loopback. Default: TEST_STORAGE, else local.
     */
    storage?: StorageBackend;
    /** With s3 storage: MEDIA_BASE_URL is the bucket's own URL, as for a public bucket. */
    mediaFromBucket?: boolean;
    /** The embedded database even when DATABASE_URL is set (migrate-db's source). */
    embedded?: boolean;
  } = {},
): Promise<TestJiffy> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-test-')));
  const serverUrl = options.embedded ? undefined : process.env.DATABASE_URL;
  const serverTemplate = process.env[SERVER_TEMPLATE_VARIABLE];
  // On the server, a database of its own copied from the run's migrated template; a caller that
  // names a schema (a second node on the first one's) gets that schema where it says.
  const ownDatabase =
    serverUrl && serverTemplate && !overrides.DATABASE_SCHEMA && !overrides.DATABASE_URL
      ? await databaseFromTemplate(serverUrl, serverTemplate)
      : undefined;
  const databaseUrl =
    ownDatabase?.url ?? (serverUrl ? (overrides.DATABASE_URL ?? serverUrl) : undefined);
  const schema = ownDatabase
    ? TEMPLATE_SCHEMA
    : databaseUrl
      ? (overrides.DATABASE_SCHEMA ?? `t_${randomBase62(10).toLowerCase()}`)
      : undefined;
  const storage = options.storage ?? (process.env.TEST_STORAGE === 's3' ? 's3' : 'local');
  const s3: TestS3 | undefined = storage === 's3' ? await startTestS3(s3DirOf(dataDir)) : undefined;
  const env = envSchema.parse({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // A test's database holds a few hundred rows; PostgreSQL's default 128 MB page cache would
    // be zeroed at every start for nothing (about a third of a second of CPU).
    EMBEDDED_DB_CACHE_MB: '16',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...s3?.env,
    ...(s3 && options.mediaFromBucket ? { MEDIA_BASE_URL: s3.publicUrl } : {}),
    ...overrides,
  });
  const config = resolveConfig(env);
  const inMemoryDatabase = !options.dataDir;
  const databaseTemplate = databaseUrl ? undefined : await embeddedTemplate();
  const jiffy = await createJiffy({
    config,
    role: options.role ?? 'all',
    ...(options.startWorkers === false ? { startWorkers: false } : {}),
    inMemoryDatabase,
    ...(databaseTemplate ? { databaseTemplate } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const testJiffy: TestJiffy = {
    jiffy,
    apiKey: jiffy.defaultApiKey,
    dataDir,
    storage,
    async waitForGif(id, { complete = false, timeoutMs = 60_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      // A GIF settles when a statement writes its row: look again when the gifs table is
      // written, rather than polling the single embedded connection every few milliseconds
      // while the jobs making it wait their turn on it. A write is seen as it answers, before
      // its transaction may have committed, so a few quick looks follow it; a slow look
      // catches anything else.
      let lastWrite = 0;
      let wake: (() => void) | undefined;
      const unwatch = jiffy.services.tableWrites.watch(['gifs'], () => {
        lastWrite = Date.now();
        wake?.();
      });
      try {
        for (;;) {
          const gif = await jiffy.services.gifRepository.findById(id);
          const settled =
            gif &&
            gif.status !== 'processing' &&
            (!complete || gif.status !== 'ready' || gif.renditions_complete || gif.failure_code);
          if (settled) return gif.status;
          if (Date.now() > deadline)
            throw new Error(`GIF ${id} still ${gif?.status ?? 'missing'} after ${timeoutMs} ms`);
          const pause = Date.now() - lastWrite < 300 ? 25 : 500;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pause);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      } finally {
        unwatch();
      }
    },
    async uploadAndWait(upload, fields = {}, { complete = true } = {}) {
      const response = await jiffy.app.inject({
        method: 'POST',
        url: '/v1/gifs',
        ...multipart({ api_key: jiffy.defaultApiKey, ...fields }, upload),
      });
      if (response.statusCode !== 200)
        throw new Error(
          `upload of ${upload.name} answered ${response.statusCode}: ${response.body}`,
        );
      const { id } = response.json<{ data: { id: string } }>().data;
      const status = await testJiffy.waitForGif(id, { complete, timeoutMs: 60_000 });
      if (status !== 'ready') throw new Error(`upload of ${upload.name} ended ${status}`);
      return id;
    },
    async uploadFileAndWait(file, fields = {}) {
      const bytes = await fs.readFile(file);
      return testJiffy.uploadAndWait({ name: path.basename(file), bytes }, fields);
    },
    async stop() {
      await jiffy.close();
      await s3?.stop();
      if (options.keepOnStop) return;
      if (ownDatabase) await ownDatabase.drop();
      else if (databaseUrl && schema) await dropSchemas(databaseUrl, [schema, `${schema}_jobs`]);
      // Retried: a file written as the last job's work ends can land while the folder is removed
      // (ENOTEMPTY seen once in CI, after every test of e2e/web-takedowns had passed).
      if (!options.dataDir)
        await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
  return testJiffy;
}

async function dropSchemas(url: string, schemas: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
