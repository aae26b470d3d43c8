import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import {
  appliedMigration,
  describeTables,
  quoteIdent,
  readSequence,
  sequenceNames,
  tableExists,
  type SequenceState,
  type TableShape,
} from './catalog.ts';

/** Rows are fetched from a cursor this many at a time: memory holds one batch, never a table. */
const FETCH_ROWS = 500;

/** Jobs not yet ended: what the queue owes, carried to the target (ended ones are history). */
export const PENDING_JOB_STATES = ['created', 'retry', 'active'] as const;

/**
 * One consistent view of an instance's data: every table, sequence and pending job as of one
 * moment. Rows come out as JSON text made by the database itself (row_to_json), so the two
 * engines produce the same bytes and no value passes through a JavaScript type on the way.
 */
export interface Snapshot {
  engine: DatabaseHandle['engine'];
  /** The newest migration applied to the source. */
  migration: string;
  /** In load order (parents before children). */
  tables: TableShape[];
  sequences: Record<string, SequenceState>;
  /** Batches of rows of `table`, each row one line of JSON. */
  rows(table: TableShape): AsyncIterable<string[]>;
  /** Batches of the queue's pending jobs (pg-boss `job` rows) as JSON lines. */
  jobs(): AsyncIterable<string[]>;
}

/**
 * Runs `fn` inside one REPEATABLE READ transaction on the source, so every table is read as of
 * the same instant while the instance keeps running (on a server). The embedded engine has a
 * single connection which the caller opened, and so holds the data folder's lock: nothing else
 * writes while the snapshot is read.
 */
export async function withSnapshot<T>(options: {
  source: DatabaseHandle;
  queueSchema: string;
  fn: (snapshot: Snapshot) => Promise<T>;
}): Promise<T> {
  const { source, queueSchema } = options;
  return source.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`SET TRANSACTION READ ONLY`.execute(trx);
      const migration = await appliedMigration(trx, source.schema);
      if (!migration) throw new Error('the source database has never been migrated');
      const tables = await describeTables(trx, source.schema);
      const sequences: Record<string, SequenceState> = {};
      for (const name of await sequenceNames(trx, source.schema)) {
        sequences[name] = await readSequence(trx, source.schema, name);
      }
      const hasQueue = await tableExists(trx, queueSchema, 'job');
      const states = PENDING_JOB_STATES.map((s) => `'${s}'`).join(', ');
      return options.fn({
        engine: source.engine,
        migration,
        tables,
        sequences,
        rows: (table) => cursorLines(trx, rowsQuery(source.schema, table)),
        jobs: async function* () {
          if (!hasQueue) return;
          yield* cursorLines(
            trx,
            sql`SELECT row_to_json(j)::text AS line FROM ${sql.raw(quoteIdent(queueSchema))}.job j
                 WHERE j.state::text IN (${sql.raw(states)}) ORDER BY j.created_on, j.id`,
          );
        },
      });
    });
}

function rowsQuery(schema: string, table: TableShape): RawBuilder<unknown> {
  const from = `${quoteIdent(schema)}.${quoteIdent(table.name)}`;
  const columns = table.columns.map((c) => `t.${quoteIdent(c)}`).join(', ');
  const self = table.selfReference;
  if (!self)
    return sql`SELECT row_to_json(x)::text AS line FROM (SELECT ${sql.raw(columns)} FROM ${sql.raw(from)} t) x`;
  // Parents before children: a walk from the roots (rows whose key to the table is unset).
  const refs = self.references.map((r, i) => `t.${quoteIdent(r)} AS r${i}`).join(', ');
  const roots = self.columns.map((c) => `t.${quoteIdent(c)} IS NULL`).join(' OR ');
  const join = self.columns.map((c, i) => `t.${quoteIdent(c)} = tree.r${i}`).join(' AND ');
  return sql`
    WITH RECURSIVE tree AS (
      SELECT t.ctid AS rid, 0 AS depth, ${sql.raw(refs)} FROM ${sql.raw(from)} t WHERE ${sql.raw(roots)}
      UNION ALL
      SELECT t.ctid, tree.depth + 1, ${sql.raw(refs)} FROM ${sql.raw(from)} t JOIN tree ON ${sql.raw(join)}
    )
    SELECT row_to_json(x)::text AS line FROM (
      SELECT ${sql.raw(columns)} FROM ${sql.raw(from)} t JOIN tree ON tree.rid = t.ctid
       ORDER BY tree.depth
    ) x`;
}

let cursorCount = 0;

async function* cursorLines(
  trx: Transaction<Database>,
  query: RawBuilder<unknown>,
): AsyncIterable<string[]> {
  const cursor = sql.raw(`jiffy_dump_${++cursorCount}`);
  await sql`DECLARE ${cursor} NO SCROLL CURSOR FOR ${query}`.execute(trx);
  try {
    for (;;) {
      const { rows } = await sql<{
        line: string;
      }>`FETCH FORWARD ${sql.raw(String(FETCH_ROWS))} FROM ${cursor}`.execute(trx);
      if (rows.length === 0) return;
      yield rows.map((r) => r.line);
    }
  } finally {
    await sql`CLOSE ${cursor}`.execute(trx);
  }
}
