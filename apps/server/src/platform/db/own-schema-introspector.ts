import {
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * What Kysely's migrator needs to know (does our schema exist, which of its tables exist), asked
 * of this instance's own schema only. Kysely's own Postgres introspector reads every column of
 * every table in every schema, calling pg_get_serial_sequence on each: when another instance on
 * the same server (a parallel test file, a second Jiffy) is creating or dropping its schema at
 * that moment, the call fails with "schema does not exist" or "column does not exist".
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string;
  constructor(db: Kysely<unknown>, schema: string) {
    this.#db = db;
    this.#schema = schema;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname = ${this.#schema}
    `.execute(this.#db);
    return rows;
  }

  /** The tables of our schema, without their columns (the migrator asks only for names). */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string }>`
      SELECT tablename AS name FROM pg_catalog.pg_tables WHERE schemaname = ${this.#schema}
    `.execute(this.#db);
    return rows.map((row) => ({
      name: row.name,
      schema: this.#schema,
      isView: false,
      isForeign: false,
      columns: [],
    }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

/** `db` as the migrator sees it: the same connection, with the introspector above. */
export function withOwnSchemaIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection = new OwnSchemaIntrospector(db as Kysely<unknown>, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      // Kysely keeps its state in private fields: methods must run on the real instance.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
