import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createEmptyDatabase } from './create-empty-database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { ConnectionLock, PgliteDialect } from './pglite-dialect.ts';
import { readPremadeEmptyDatabase } from './premade-empty-database.ts';
import { prepareMarkedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';

/** What pg-boss needs to run its SQL on our connection(s). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** An open database on either engine, with the same Kysely API on both. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  /** Schema the tables live in ('public' unless one was asked for). */
  schema: string;
  /** Executor for the job queue; on PGlite it shares the connection lock with Kysely. */
  queueExecutor: SqlExecutor;
  /**
   * Embedded engine only: the whole database as a tarball (PGlite's data folder), which
   * `startFrom` opens again.
   */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
  /**
   * Embedded engine only: bytes of the engine's wasm memory (its page cache, sort memory and
   * catalog caches all live there); it only grows while the process runs, and V8 counts it in
   * the process's external memory.
   */
  engineMemoryBytes?(): number;
}

export interface DatabaseOptions {
  /** postgres://... for a server; absent for embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; absent (with no url) for an in-memory database, as tests use. */
  dataDir?: string | undefined;
  /** Schema to live in on a server, so parallel test runs share one database without clashing. */
  schema?: string | undefined;
  /** Connections to the server at most (pg's default, 10, when unset). */
  poolSize?: number | undefined;
  /**
   * Embedded engine: a `dump` to start from instead of an empty database, so a test run migrates
   * once and every test file opens a copy (a second to load, where initdb and the migrations
   * take several). Ignored when `dataDir` already holds a database.
   */
  startFrom?: Uint8Array | undefined;
  /**
   * Embedded engine: PostgreSQL's page cache, in megabytes of the engine's memory (PostgreSQL's
   * default, 128, when unset). Every start zeroes all of it.
   */
  sharedBuffersMb?: number | undefined;
}

const INT8_OID = 20;
// Counters and byte sizes are bigint columns; as JS numbers they are exact up to 2^53.
const parseInt8 = (value: string) => Number(value);

function typeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === INT8_OID) return parseInt8;
  return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options.schema, options.poolSize ?? 10)
    : openPglite(options);
}

/**
 * A dump's bytes as the Blob PGlite reads a dump from. Node's own Blob hands its bytes over in
 * small chunks that are then joined (a third of a second for a migrated database), and a copy
 * costs a sixth; PGlite only reads the dump (it copies each file into its own filesystem), so
 * the bytes are handed over as they are and stay the caller's to use again.
 */
class DumpBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super();
    this.#bytes = bytes;
  }
  override get size(): number {
    return this.#bytes.byteLength;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    const whole =
      buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength;
    return Promise.resolve(whole ? buffer : new Uint8Array(this.#bytes).buffer);
  }
}

async function openPglite({
  dataDir,
  startFrom,
  sharedBuffersMb,
}: DatabaseOptions): Promise<DatabaseHandle> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const unlock = dataDir ? await lockDataDir(dataDir) : async () => {};
  // PGlite refuses to load a dump over a database that exists: a reopened folder is kept.
  const fresh =
    !dataDir ||
    (await fs.access(path.join(dataDir, 'PG_VERSION')).then(
      () => false,
      () => true,
    ));
  // A new folder starts from the empty database the install made (a third of initdb's memory);
  // without one, initdb's moment of about 1 GB happens in a child process, whose memory all
  // goes back.
  let template = fresh ? startFrom : undefined;
  if (dataDir && fresh && !template) {
    template = await readPremadeEmptyDatabase();
    if (!template) await createEmptyDatabase(dataDir);
  }
  const pglite = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: parseInt8 },
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: new DumpBlob(template) } : {}),
    ...(sharedBuffersMb
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] }
      : {}),
  });
  const lock = new ConnectionLock();
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pglite, lock) });
  const queueExecutor: SqlExecutor = {
    // pg-boss sends parameterless multi-statement scripts (its own migrations, locked upkeep);
    // PGlite's exec runs those (answering with the last statement's result), query the rest.
    executeSql: (text, values) =>
      lock.run(async () => {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      }),
  };
  return {
    db,
    engine: 'pglite',
    schema: 'public',
    queueExecutor,
    dump: () => lock.run(() => pglite.dumpDataDir('none')),
    // PGlite keeps its Emscripten module private; its memory is read here only, for reports.
    engineMemoryBytes: () =>
      (pglite as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0,
    async close() {
      await db.destroy();
      await lock.run(() => pglite.close());
      await unlock();
    },
  };
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  poolSize: number,
): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('invalid schema name');
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // public stays on the path for extensions (pg_trgm) that every schema shares.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
    types: { getTypeParser: typeParser as typeof pg.types.getTypeParser },
  });
  pool.on('connect', (client) => {
    // A connection dropped while checked out (a query in flight, a transaction open) emits
    // 'error' on its client as well as failing the query, and pg-pool listens only on idle ones.
    // Unhandled, that event would end the process; the query's own error is what callers see.
    client.on('error', () => {});
    prepareMarkedStatements(client);
  });
  // An idle connection the server dropped (a restart, a network cut): the pool discards it and
  // the next query connects anew. Unhandled, this 'error' event would end the process, where
  // `/readyz` should say the database is down and the node carry on once it is back.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    schema: schema ?? 'public',
    queueExecutor: { executeSql: (text, values) => pool.query(text, values) },
    async close() {
      await db.destroy();
    },
  };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
