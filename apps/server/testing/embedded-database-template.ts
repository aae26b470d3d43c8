import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { ensureQueueTables } from '../src/platform/jobs/job-queue.ts';
import { queueSchemaOf } from '../src/platform/jobs/queue-schema.ts';

/**
 * Where the test run's migrated embedded database lies; set by the run's global setup, read by
 * every test file that starts a Jiffy on the embedded engine.
 */
export const TEMPLATE_VARIABLE = 'JIFFY_TEST_DATABASE_TEMPLATE';

/**
 * Makes an embedded database with every migration applied and the job queue's tables made,
 * and writes its dump to `file`: what a fresh Jiffy would spend seconds on in each test file,
 * done once for the run. Every Jiffy unpacks the whole dump, so it holds only what one uses:
 * the template databases go (Jiffy never creates a database; they were two thirds of the
 * catalogs) and a checkpoint leaves nothing to replay.
 */
export async function writeEmbeddedTemplate(file: string): Promise<void> {
  const handle = await openDatabase({});
  try {
    await migrateToLatest(handle);
    await ensureQueueTables(
      handle.queueExecutor,
      queueSchemaOf({ DATABASE_URL: undefined, DATABASE_SCHEMA: handle.schema }),
    );
    await sql`UPDATE pg_database SET datistemplate = false WHERE datname LIKE 'template_'`.execute(
      handle.db,
    );
    await sql`DROP DATABASE template0`.execute(handle.db);
    await sql`DROP DATABASE template1`.execute(handle.db);
    await sql`CHECKPOINT`.execute(handle.db);
    const dump = await handle.dump!();
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

let template: Promise<Uint8Array | undefined> | undefined;

/** The run's migrated embedded database, when the run made one (read once per worker). */
export function embeddedTemplate(): Promise<Uint8Array | undefined> {
  const file = process.env[TEMPLATE_VARIABLE];
  template ??= file ? fs.readFile(file) : Promise.resolve(undefined);
  return template;
}
