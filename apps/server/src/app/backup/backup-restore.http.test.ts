import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envSchema, resolveConfig, type Config } from '../config/env.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { randomBase62 } from '../../platform/lib/ids.ts';
import { embeddedTemplate } from '../../../testing/embedded-database-template.ts';
import { multipart } from '../../../testing/fixtures.ts';
import {
  seedContent,
  tableCounts,
  userView,
  type SeededContent,
} from '../../../testing/instance-content.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { runCli } from '../../../testing/run-cli.ts';
import {
  databaseFromTemplate,
  SERVER_TEMPLATE_VARIABLE,
  TEMPLATE_SCHEMA,
} from '../../../testing/server-database-template.ts';
import { s3DirOf, startTestS3 } from '../../../testing/test-s3.ts';
import type { Manifest } from './archive.ts';
import { backup, restore } from './operations.ts';

const DATABASE_URL = process.env.DATABASE_URL;

/**
 * A fresh place for an instance: a data folder, on a server a schema of its own, and its media
 * on disk or in a bucket of an s3rver kept in the data folder.
 */
function instance(work: string, name: string, storage: 'local' | 's3') {
  const dataDir = path.join(work, name);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  };
  const place = {
    dataDir,
    schema: undefined as string | undefined,
    /** On a server: the database of its own that `migrated` copied from the run's template. */
    dropDatabase: undefined as (() => Promise<void>) | undefined,
    env,
    config: (extra: Record<string, string> = {}): Config =>
      resolveConfig(envSchema.parse({ ...env, ...extra })),
    start: (options: { startWorkers?: boolean } = {}) =>
      startTestJiffy(
        place.schema ? { DATABASE_URL: env.DATABASE_URL!, DATABASE_SCHEMA: place.schema } : {},
        { dataDir, keepOnStop: true, storage, ...options },
      ),
    /**
     * Gives the place a database already migrated, as an instance has once started (a copy of
     * the run's template; no rows); loading into a never migrated database is
     * older-archive.db.test.ts's and migrate-db's.
     */
    migrated: async () => {
      if (DATABASE_URL) {
        const own = await databaseFromTemplate(
          DATABASE_URL,
          process.env[SERVER_TEMPLATE_VARIABLE]!,
        );
        place.dropDatabase = own.drop;
        setServer(own.url, TEMPLATE_SCHEMA);
      } else {
        const copy = await openDatabase({
          dataDir: place.config().dbDir,
          startFrom: await embeddedTemplate(),
        });
        await copy.close();
      }
      return place;
    },
  };
  const setServer = (url: string, schema: string) => {
    place.schema = schema;
    Object.assign(env, { DATABASE_URL: url, DATABASE_SCHEMA: schema });
  };
  if (DATABASE_URL) setServer(DATABASE_URL, `t_${randomBase62(10).toLowerCase()}`);
  return place;
}

async function dropSchemas(schemas: (string | undefined)[]): Promise<void> {
  if (!DATABASE_URL) return;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    for (const schema of schemas.filter(Boolean)) {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    }
  } finally {
    await client.end();
  }
}

describe(`backup and restore (${DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite'})`, () => {
  let work: string;
  const made: ReturnType<typeof instance>[] = [];
  const place = (name: string, storage: 'local' | 's3' = 'local') => {
    const created = instance(work, name, storage);
    made.push(created);
    return created;
  };
  let source: ReturnType<typeof instance>;
  let content: SeededContent;
  let view: unknown;
  let counts: Record<string, number>;
  let waiting: string;
  let archive: string;
  let manifest: Manifest;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-backup-'));
    // Media in a bucket at the source, on disk at the target: both stores' reads and writes.
    source = await place('source', 's3').migrated();
    let t: TestJiffy = await source.start();
    content = await seedContent(t, work);
    view = await userView(t, content);
    await t.stop();
    // An upload accepted while no worker runs: its job waits in the queue at backup time.
    t = await source.start({ startWorkers: false });
    const upload = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart(
        { api_key: t.apiKey, tags: 'waiting' },
        { name: 'w.gif', bytes: await fs.readFile(path.join(work, 'upload-0.gif')) },
      ),
    });
    expect(upload.statusCode).toBe(200);
    waiting = upload.json<{ data: { id: string } }>().data.id;
    counts = await tableCounts(t);
    await t.stop();

    archive = path.join(work, 'archive');
    const started = performance.now();
    const s3 = await startTestS3(s3DirOf(source.dataDir));
    try {
      manifest = await backup({ config: source.config(s3.env), out: archive });
    } finally {
      await s3.stop();
    }
    const size = await folderBytes(archive);
    console.log(
      `backup: ${Math.round(performance.now() - started)} ms, ${size} bytes in the archive ` +
        `(${manifest.media.blobs} media files, ${manifest.media.bytes} bytes)`,
    );
  }, 240_000);
  afterAll(async () => {
    await dropSchemas(made.filter((m) => !m.dropDatabase).map((m) => m.schema));
    for (const m of made) await m.dropDatabase?.();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('writes every table, the waiting job and the media, with checksums', () => {
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(counts);
    expect(manifest.tables.map((t) => t.name)).not.toContain('kysely_migration');
    expect(manifest.jobs.rows).toBeGreaterThanOrEqual(1);
    expect(manifest.media.blobs).toBeGreaterThan(10);
    // Parents load before children.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('gifs'));
    expect(order.indexOf('gifs')).toBeLessThan(order.indexOf('favorites'));
  });

  it('restores into an empty instance: same answers, files, sign-in, counts and queue', async () => {
    const target = await place('target').migrated();
    const started = performance.now();
    const result = await restore({ config: target.config(), archive });
    console.log(`restore: ${Math.round(performance.now() - started)} ms`);
    expect(result.rows).toEqual(counts);
    expect(result.jobs).toBe(manifest.jobs.rows);
    expect(result.media).toBe(manifest.media.blobs);

    const t = await target.start();
    try {
      expect(await tableCounts(t)).toMatchObject({ users: counts.users, gifs: counts.gifs });
      expect(await userView(t, content)).toEqual(view);
      // The job that waited at backup time runs on the restored instance.
      expect(await t.waitForGif(waiting, { complete: true })).toBe('ready');
      // Sequences went on from where they were: new rows get new ids.
      const { newcomer } = await signedInUsers(t, [['newcomer', 'user']]);
      const made = await newcomer!.post('/api/v4/channels/', { display_name: 'After' });
      expect(made.statusCode).toBe(201);
      expect(made.json<{ data: { id: number } }>().data.id).toBeGreaterThan(content.channelId);
    } finally {
      await t.stop();
    }

    // A second restore into it is refused and changes nothing; --force replaces its data.
    const again = await runCli('restore', [archive], target.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^restore: refused \(target-not-empty\): the target database is not empty/,
    );
    // Each table's count is checked against the lines loaded inside the load's transaction.
    const forced = await runCli('restore', [archive, '--force'], target.env);
    expect(forced.stderr).toBe('');
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    expect(forced.stdout).toMatch(
      new RegExp(
        `^Restored ${total} rows, ${manifest.jobs.rows} pending jobs and ${manifest.media.blobs} media files`,
      ),
    );
  }, 120_000);

  it('refuses a damaged archive, one from a newer Jiffy and a bad URL, changing nothing', async () => {
    const target = place('refusals');
    const copy = async (name: string) => {
      const dir = path.join(work, name);
      await fs.cp(archive, dir, { recursive: true });
      return dir;
    };
    const damaged = await copy('damaged');
    const blob = path.join(damaged, 'media', 'blobs', 'gifs', content.uploaded[0]!, 'original.gif');
    const bytes = await fs.readFile(blob);
    bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0xff;
    await fs.writeFile(blob, bytes);
    const refusedDamaged = await runCli('restore', [damaged], target.env);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.stderr).toMatch(
      /refused \(archive-damaged\): .*does not match its checksum/,
    );

    const newer = await copy('newer');
    const manifestFile = path.join(newer, 'manifest.json');
    const edited = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Manifest;
    edited.migration = '9999_from_the_future';
    await fs.writeFile(manifestFile, JSON.stringify(edited));
    const refusedNewer = await runCli('restore', [newer], target.env);
    expect(refusedNewer.code).toBe(1);
    expect(refusedNewer.stderr).toMatch(
      /refused \(newer-migration\): the data is at migration 9999_from_the_future, newer than/,
    );

    const badUrl = await runCli('migrate-db', ['--to', 'mysql://root@127.0.0.1/jiffy'], {
      ...source.env,
      DATABASE_URL: '',
    });
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toMatch(
      /refused \(bad-url\): the target must be a PostgreSQL server URL/,
    );

    // Nothing was made at the target: no database folder, or no table in its schema.
    if (DATABASE_URL) {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1`,
          [target.schema],
        );
        expect(rows[0]!.n).toBe(0);
      } finally {
        await client.end();
      }
    } else {
      expect(await fs.stat(path.join(target.dataDir, 'db')).catch(() => null)).toBeNull();
    }
  }, 120_000);
});

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}
