import { sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import {
  isKnownMigration,
  latestMigrationName,
  migrateToLatest,
  migrateUpTo,
} from '../../platform/db/migrate.ts';
import type { Database } from '../../platform/db/schema.ts';
import {
  appliedMigration,
  countRows,
  describeTables,
  quoteIdent,
  tableExists,
  writeSequence,
  type SequenceState,
  type TableShape,
} from './catalog.ts';
import { RefusedError } from './refused-error.ts';

/** What a load reads: a live snapshot (migrate-db) or an archive (restore), the same to it. */
export interface DumpSource {
  migration: string;
  tables: TableShape[];
  sequences: Record<string, SequenceState>;
  rows(table: TableShape): AsyncIterable<string[]>;
  jobs(): AsyncIterable<string[]>;
}

export interface LoadOptions {
  target: DatabaseHandle;
  /** Schema of the target's job queue (pg-boss), created here when it is not there yet. */
  queueSchema: string;
  /** Creates the queue's tables on the target (starting pg-boss once), if missing. */
  ensureQueue: () => Promise<void>;
  source: DumpSource;
  /** Replace what the target holds (in the same transaction as the load). */
  force: boolean;
  /** Copies the media; runs after every check passed, before the rows are loaded. */
  copyMedia: () => Promise<void>;
}

export interface LoadResult {
  rows: Record<string, number>;
  jobs: number;
  /** Migrations applied after the load (an archive older than the code). */
  upgradedBy: string[];
}

/**
 * Loads `source` into the target database: refuses (changing nothing) a target that holds data
 * without `force`, or a level the code or the target cannot take; else brings an unmigrated
 * target to the source's level, loads every table, the pending jobs and the sequences in ONE
 * transaction (a forced load empties the target in it too, so a failure leaves the target as
 * it was), then applies the migrations the source is behind by.
 */
export async function loadDump(options: LoadOptions): Promise<LoadResult> {
  const { target, source } = options;
  const schema = target.schema;
  assertLoadableLevel(source.migration);
  const level = await appliedMigration(target.db, schema);
  if (level && level > source.migration) {
    throw new RefusedError(
      'target-newer',
      `the target database is at migration ${level}, past the data's ${source.migration}: ` +
        'load into a fresh database (this Jiffy migrates it after the load)',
    );
  }
  if (level) {
    const nonEmpty = await tablesWithRows(target);
    if (nonEmpty.length > 0 && !options.force) {
      throw new RefusedError(
        'target-not-empty',
        `the target database is not empty (${nonEmpty.slice(0, 5).join(', ')}` +
          `${nonEmpty.length > 5 ? ', …' : ''} have rows): use an empty one, or --force to ` +
          'replace its data',
      );
    }
  }

  await migrateUpTo(target, source.migration);
  const targetTables = new Map((await describeTables(target.db, schema)).map((t) => [t.name, t]));
  for (const table of source.tables) {
    const columns = new Set(targetTables.get(table.name)?.columns ?? []);
    const missing = table.columns.filter((c) => !columns.has(c));
    if (!targetTables.has(table.name) || missing.length > 0) {
      throw new RefusedError(
        'shape-mismatch',
        `table ${table.name} at migration ${source.migration} does not match the data ` +
          `(${missing.length > 0 ? `no column ${missing.join(', ')}` : 'no such table'})`,
      );
    }
  }
  await options.ensureQueue();
  await options.copyMedia();

  const result: LoadResult = { rows: {}, jobs: 0, upgradedBy: [] };
  await target.db.transaction().execute(async (trx) => {
    // The archive holds every table as it was, derived ones (search postings, counts) too: the
    // triggers that maintain those stay off during the load, or they would count twice. What
    // the migrations themselves inserted (or, forced, the target's data) goes first.
    const tables = [...targetTables.keys()].map((t) => `${quoteIdent(schema)}.${quoteIdent(t)}`);
    for (const table of tables)
      await sql`ALTER TABLE ${sql.raw(table)} DISABLE TRIGGER USER`.execute(trx);
    await emptyTarget(trx, tables, options.force ? options.queueSchema : null);
    for (const table of source.tables) {
      let loaded = 0;
      for await (const batch of source.rows(table)) {
        await insertBatch(
          trx,
          `${quoteIdent(schema)}.${quoteIdent(table.name)}`,
          table.columns,
          batch,
        );
        loaded += batch.length;
      }
      const counted = await countRows(trx, schema, table.name);
      if (counted !== loaded)
        throw new Error(`${table.name}: loaded ${loaded} rows but the table holds ${counted}`);
      result.rows[table.name] = loaded;
    }
    const jobTable = `${quoteIdent(options.queueSchema)}.job`;
    for await (const batch of source.jobs()) {
      await sql`INSERT INTO ${sql.raw(jobTable)}
                SELECT * FROM json_populate_recordset(NULL::${sql.raw(jobTable)}, ${toJsonArray(batch)}::json)`.execute(
        trx,
      );
      result.jobs += batch.length;
    }
    // A job that was running at the snapshot never finished here: it runs again (handlers are
    // idempotent), as a retry due now.
    if (result.jobs > 0)
      await sql`UPDATE ${sql.raw(jobTable)} SET state = 'retry', started_on = NULL, start_after = now()
                 WHERE state = 'active'`.execute(trx);
    for (const table of tables)
      await sql`ALTER TABLE ${sql.raw(table)} ENABLE TRIGGER USER`.execute(trx);
    for (const [name, state] of Object.entries(source.sequences)) {
      if (await tableExists(trx, schema, name)) await writeSequence(trx, schema, name, state);
    }
  });
  result.upgradedBy = await migrateToLatest(target);
  return result;
}

/** Refuses data at a migration this code does not have (a newer Jiffy's). */
export function assertLoadableLevel(migration: string): void {
  if (isKnownMigration(migration)) return;
  throw migration > latestMigrationName()
    ? new RefusedError(
        'newer-migration',
        `the data is at migration ${migration}, newer than this Jiffy's ` +
          `${latestMigrationName()}: update Jiffy first`,
      )
    : new RefusedError('unknown-migration', `unknown migration ${migration}`);
}

async function insertBatch(
  trx: Transaction<Database>,
  table: string,
  columns: string[],
  lines: string[],
): Promise<void> {
  const list = columns.map(quoteIdent).join(', ');
  // The database parses each value from the JSON the source's database wrote (timestamps with
  // their microseconds, arrays, jsonb, tsvector), so no type is approximated in between.
  await sql`INSERT INTO ${sql.raw(table)} (${sql.raw(list)}) OVERRIDING SYSTEM VALUE
            SELECT ${sql.raw(list)} FROM json_populate_recordset(NULL::${sql.raw(table)}, ${toJsonArray(lines)}::json)`.execute(
    trx,
  );
}

const toJsonArray = (lines: string[]) => `[${lines.join(',')}]`;

/** Tables the migrations themselves fill (a migrated, never started database has these rows). */
const SEEDED_BY_MIGRATIONS = new Set(['analytics_watermarks']);

async function tablesWithRows(target: DatabaseHandle): Promise<string[]> {
  const withRows: string[] = [];
  for (const { name } of await describeTables(target.db, target.schema)) {
    if (SEEDED_BY_MIGRATIONS.has(name)) continue;
    const { rows } = await sql<{ any: boolean }>`
      SELECT EXISTS (SELECT 1 FROM ${sql.id(target.schema, name)}) AS any`.execute(target.db);
    if (rows[0]?.any) withRows.push(name);
  }
  return withRows;
}

async function emptyTarget(
  trx: Transaction<Database>,
  tables: string[],
  queueSchema: string | null,
): Promise<void> {
  if (tables.length > 0) await sql`TRUNCATE ${sql.raw(tables.join(', '))}`.execute(trx);
  // The replaced data's jobs, pending or ended (an ended one may share an id with a loaded one).
  if (queueSchema && (await tableExists(trx, queueSchema, 'job')))
    await sql`DELETE FROM ${sql.raw(`${quoteIdent(queueSchema)}.job`)}`.execute(trx);
}
