import fs from 'node:fs/promises';
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
 * done once for the run.
 */
export async function writeEmbeddedTemplate(file: string): Promise<void> {
  const handle = await openDatabase({});
  try {
    await migrateToLatest(handle);
    await ensureQueueTables(
      handle.queueExecutor,
      queueSchemaOf({ DATABASE_URL: undefined, DATABASE_SCHEMA: handle.schema }),
    );
    const dump = await handle.dump!();
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

let template: Promise<Blob | undefined> | undefined;

/** The run's migrated embedded database, when the run made one (read once per test file). */
export function embeddedTemplate(): Promise<Blob | undefined> {
  const file = process.env[TEMPLATE_VARIABLE];
  template ??= file
    ? fs.readFile(file).then((bytes) => new Blob([bytes]))
    : Promise.resolve(undefined);
  return template;
}
