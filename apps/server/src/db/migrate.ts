import { Migrator } from 'kysely/migration';
import type { DatabaseHandle } from './database.ts';
import { migrations } from './migrations/index.ts';

// Kysely looks for its bookkeeping tables across every schema; naming ours keeps instances that
// share a server (and parallel test runs) from seeing each other's.
function migratorFor(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableSchema: handle.schema,
  });
}

/** Applies every pending migration; throws if one fails (the server must not start half-migrated). */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = migratorFor(handle);
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error)
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Kysely's migrator looks at the tables of every schema first; another instance dropping
    // its schema at that moment fails the look with 3F000 (no such schema). Looking again is safe.
    if (attempt < 5 && (error as { code?: string }).code === '3F000') continue;
    throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  }
}

/** True when no migration is pending (readiness). */
export async function migrationsDone(handle: DatabaseHandle): Promise<boolean> {
  const migrator = migratorFor(handle);
  const all = await migrator.getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
