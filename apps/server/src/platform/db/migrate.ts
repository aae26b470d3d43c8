import { Migrator } from 'kysely/migration';
import type { DatabaseHandle } from './database.ts';
import { withOwnSchemaIntrospection } from './own-schema-introspector.ts';
import { migrations } from './migrations/index.ts';

// Kysely looks for its bookkeeping tables across every schema; naming ours, and looking only in
// it, keeps instances that share a server (and parallel test runs) out of each other's way.
function migratorFor(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: withOwnSchemaIntrospection(handle.db, handle.schema),
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableSchema: handle.schema,
  });
}

/** Applies every pending migration; throws if one fails (the server must not start half-migrated). */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const { error, results } = await migratorFor(handle).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when no migration is pending (readiness). */
export async function migrationsDone(handle: DatabaseHandle): Promise<boolean> {
  const migrator = migratorFor(handle);
  const all = await migrator.getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}

/** Name of the newest migration this code has (an archive's level is compared with it). */
export function latestMigrationName(): string {
  return Object.keys(migrations).sort().at(-1)!;
}

/** True when this code knows the migration `name`. */
export function isKnownMigration(name: string): boolean {
  return Object.hasOwn(migrations, name);
}

/** The newest migration applied to the database, or null when none is (a fresh database). */
export async function migrationLevel(handle: DatabaseHandle): Promise<string | null> {
  const applied = (await migratorFor(handle).getMigrations()).filter((m) => m.executedAt);
  return applied.at(-1)?.name ?? null;
}

/** Applies the migrations up to and including `name` (restore loads an archive at its level). */
export async function migrateUpTo(handle: DatabaseHandle, name: string): Promise<void> {
  const { error } = await migratorFor(handle).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
