import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/database.ts';
import { latestMigrationName, migrateUpTo, migrationLevel } from '../../platform/db/migrate.ts';
import { migrations } from '../../platform/db/migrations/index.ts';
import { LocalStorage } from '../../platform/storage/local-storage.ts';
import { openArchive, writeArchive } from './archive.ts';
import { loadDump } from './load.ts';
import { RefusedError } from './refused-error.ts';
import { withSnapshot } from './snapshot.ts';

// Engine-independent paths of the load, on in-memory PGlite: an archive from an older Jiffy,
// and a target already migrated past the archive. Run once, in the suite's PGlite run.
describe.skipIf(process.env.DATABASE_URL)('archives from an older Jiffy', () => {
  const names = Object.keys(migrations).sort();
  const older = names.at(-2)!;
  let work: string;
  let archive: string;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-older-'));
    archive = path.join(work, 'archive');
    const source = await openDatabase({});
    try {
      await migrateUpTo(source, older);
      await sql`INSERT INTO instance_settings (key, value) VALUES ('from_before', '{"kept": true}')`.execute(
        source.db,
      );
      await withSnapshot({
        source,
        queueSchema: 'pgboss',
        fn: (snapshot) => writeArchive({ dir: archive, snapshot, storage: new LocalStorage(work) }),
      });
    } finally {
      await source.close();
    }
  });
  afterAll(() => fs.rm(work, { recursive: true, force: true }));

  const load = async (target: Awaited<ReturnType<typeof openDatabase>>) =>
    loadDump({
      target,
      queueSchema: 'pgboss',
      ensureQueue: async () => {},
      source: (await openArchive(archive)).source,
      force: false,
      copyMedia: async () => {},
    });

  it('loads at the archive level into a fresh database, then applies the newer migrations', async () => {
    expect((await openArchive(archive)).manifest.migration).toBe(older);
    const target = await openDatabase({});
    try {
      const result = await load(target);
      expect(result.upgradedBy).toEqual([latestMigrationName()]);
      expect(await migrationLevel(target)).toBe(latestMigrationName());
      const { rows } = await sql<{ value: unknown }>`
        SELECT value FROM instance_settings WHERE key = 'from_before'`.execute(target.db);
      expect(rows).toEqual([{ value: { kept: true } }]);
    } finally {
      await target.close();
    }
  });

  it('refuses a target already past the archive, changing nothing', async () => {
    const target = await openDatabase({});
    try {
      await migrateUpTo(target, latestMigrationName());
      const refusal = await load(target).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(RefusedError);
      expect((refusal as RefusedError).code).toBe('target-newer');
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM instance_settings`.execute(target.db);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await target.close();
    }
  });
});
