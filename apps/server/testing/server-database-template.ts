import pg from 'pg';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { ensureQueueTables } from '../src/platform/jobs/job-queue.ts';
import { queueSchemaOf } from '../src/platform/jobs/queue-schema.ts';
import { randomBase62 } from '../src/platform/lib/ids.ts';

/** Names the run's migrated template database on the PostgreSQL server; set by global setup. */
export const SERVER_TEMPLATE_VARIABLE = 'JIFFY_TEST_SERVER_TEMPLATE';
/** The run's own prefix for the databases its test files make, so its teardown drops them all. */
export const SERVER_RUN_VARIABLE = 'JIFFY_TEST_SERVER_RUN';
/** The schema a template database holds Jiffy's tables in (its queue: `<schema>_jobs`). */
export const TEMPLATE_SCHEMA = 'jiffy';

const quoted = (name: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  return `"${name}"`;
};

/** `url` with its database replaced by `database`. */
export function urlOfDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes database `name` on the server at `url`, migrated, with the job queue's tables, unless
 * it is there already: made under another name and renamed, so a half-made one is never used.
 */
export async function ensureServerTemplate(url: string, name: string): Promise<void> {
  const exists = await onServer(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return found.rowCount === 1;
  });
  if (exists) return;
  const partial = `${name}_${randomBase62(6).toLowerCase()}`;
  await onServer(url, (client) => client.query(`CREATE DATABASE ${quoted(partial)}`));
  const handle = await openDatabase({
    url: urlOfDatabase(url, partial),
    schema: TEMPLATE_SCHEMA,
    poolSize: 1,
  });
  try {
    await migrateToLatest(handle);
    await ensureQueueTables(
      handle.queueExecutor,
      queueSchemaOf({ DATABASE_URL: url, DATABASE_SCHEMA: TEMPLATE_SCHEMA }),
    );
  } finally {
    await handle.close();
  }
  await onServer(url, (client) =>
    client.query(`ALTER DATABASE ${quoted(partial)} RENAME TO ${quoted(name)}`),
  );
}

/** A database of its own for one test Jiffy, copied from the run's template. */
export async function databaseFromTemplate(
  url: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${process.env[SERVER_RUN_VARIABLE] ?? 'jt'}_${randomBase62(8).toLowerCase()}`;
  // Two copies of one template at the same instant can find it "being accessed by other users"
  // (the other copy); a moment later it is free again.
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(url, (client) =>
        client.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(template)}`),
      );
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
  return {
    url: urlOfDatabase(url, name),
    drop: () => dropServerDatabases(url, name),
  };
}

/** Drops every database whose name starts with `prefix` (the test files' of one run, or one). */
export async function dropServerDatabases(url: string, prefix: string): Promise<void> {
  await onServer(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) {
      await client.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
    }
  });
}
