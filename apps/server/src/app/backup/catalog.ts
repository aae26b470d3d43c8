import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Kysely's own bookkeeping: the level goes in the manifest, the rows are never copied. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** One table as a dump carries it: the columns that can be written (not GENERATED ones). */
export interface TableShape {
  name: string;
  columns: string[];
  /**
   * A foreign key from the table to itself (channels: a sub-channel's parent), whose rows are
   * dumped parents first so each insert finds its parent already there.
   */
  selfReference?: { columns: string[]; references: string[] };
}

/**
 * The schema's tables in an order that loads without breaking a foreign key (every table after
 * the tables it references), read from the catalog so a new migration needs no change here.
 */
export async function describeTables(db: Db, schema: string): Promise<TableShape[]> {
  const columns = await sql<{ table: string; column: string }>`
    SELECT c.relname AS table, a.attname AS column
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p') AND a.attnum > 0
       AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`.execute(db);
  const keys = await sql<{ child: string; parent: string; cols: string[]; refs: string[] }>`
    SELECT ch.relname AS child, pa.relname AS parent,
           array(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(num, i)
                   JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.num
                  ORDER BY u.i)::text[] AS cols,
           array(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(num, i)
                   JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.num
                  ORDER BY u.i)::text[] AS refs
      FROM pg_constraint k
      JOIN pg_class ch ON ch.oid = k.conrelid
      JOIN pg_class pa ON pa.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = k.connamespace
     WHERE k.contype = 'f' AND n.nspname = ${schema}`.execute(db);

  const tables = new Map<string, TableShape>();
  for (const { table, column } of columns.rows) {
    if (MIGRATION_TABLES.has(table)) continue;
    const shape = tables.get(table) ?? { name: table, columns: [] };
    shape.columns.push(column);
    tables.set(table, shape);
  }
  const parents = new Map<string, Set<string>>();
  for (const key of keys.rows) {
    if (key.child === key.parent) {
      const shape = tables.get(key.child)!;
      if (shape.selfReference) throw new Error(`${key.child} has two keys to itself`);
      // conkey and confkey pair up by position (kept by WITH ORDINALITY above).
      shape.selfReference = { columns: key.cols, references: key.refs };
      continue;
    }
    const set = parents.get(key.child) ?? new Set();
    set.add(key.parent);
    parents.set(key.child, set);
  }

  const ordered: TableShape[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, [...path, name]);
    state.set(name, 'done');
    ordered.push(tables.get(name)!);
  };
  for (const name of [...tables.keys()].sort()) visit(name, []);
  return ordered;
}

/** Every sequence of the schema (serial and identity columns' own, and free-standing ones). */
export async function sequenceNames(db: Db, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ${schema} AND c.relkind = 'S' ORDER BY 1`.execute(db);
  return rows.map((r) => r.name);
}

/** A sequence's position, as setval takes it back. */
export interface SequenceState {
  value: string;
  isCalled: boolean;
}

export async function readSequence(db: Db, schema: string, name: string): Promise<SequenceState> {
  const { rows } = await sql<{ value: string; is_called: boolean }>`
    SELECT last_value::text AS value, is_called FROM ${sql.id(schema, name)}`.execute(db);
  return { value: rows[0]!.value, isCalled: rows[0]!.is_called };
}

export async function writeSequence(
  db: Db,
  schema: string,
  name: string,
  state: SequenceState,
): Promise<void> {
  const qualified = `${quoteIdent(schema)}.${quoteIdent(name)}`;
  await sql`SELECT setval(${qualified}::regclass, ${state.value}::bigint, ${state.isCalled})`.execute(
    db,
  );
}

export async function countRows(db: Db, schema: string, table: string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM ${sql.id(schema, table)}`.execute(db);
  return Number(rows[0]!.n);
}

/** Whether the schema has a table of that name (the queue's tables appear on its first start). */
export async function tableExists(db: Db, schema: string, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`
    SELECT to_regclass(${`${quoteIdent(schema)}.${quoteIdent(table)}`})::text AS found`.execute(db);
  return rows[0]?.found != null;
}

/** The newest migration recorded in the schema, or null when it has none (a fresh database). */
export async function appliedMigration(db: Db, schema: string): Promise<string | null> {
  if (!(await tableExists(db, schema, 'kysely_migration'))) return null;
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM ${sql.id(schema, 'kysely_migration')} ORDER BY name DESC LIMIT 1`.execute(db);
  return rows[0]?.name ?? null;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
