import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * A tiny FIFO lock. PGlite is one connection: a Kysely transaction holds it from BEGIN to COMMIT,
 * and every other user (single Kysely queries, the job queue) waits its turn, so nothing runs
 * inside someone else's transaction. (kysely-pglite sends BEGIN on the shared connection with no
 * lock, which lets concurrent queries leak into an open transaction; that is why this exists.)
 */
export class ConnectionLock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    return release;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

class PgliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(query.sql, [...query.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined
        ? {}
        : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  // eslint-disable-next-line require-yield -- PGlite has no cursors; Kysely only needs the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the embedded database');
  }
}

class PgliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #lock: ConnectionLock;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(pglite: PGlite, lock: ConnectionLock) {
    this.#pglite = pglite;
    this.#lock = lock;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.acquire();
    const connection = new PgliteConnection(this.#pglite);
    this.#releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#releases.get(connection)?.();
    this.#releases.delete(connection);
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it, after the queue has stopped using it.
  }
}

/** Kysely dialect over one PGlite instance, sharing `lock` with any other user of that instance. */
export class PgliteDialect implements Dialect {
  readonly #pglite: PGlite;
  readonly #lock: ConnectionLock;
  constructor(pglite: PGlite, lock: ConnectionLock) {
    this.#pglite = pglite;
    this.#lock = lock;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.#pglite, this.#lock);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
