import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A name for what makes a migrated template database: every migration, the job queue's set-up
 * and the locked dependencies. A change to any of them makes a new template.
 */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = path.join(ROOT, 'apps/server/src/platform/db/migrations');
  for (const name of (await fs.readdir(migrations)).sort()) {
    hash.update(name).update(await fs.readFile(path.join(migrations, name)));
  }
  // The queue's tables come from pg-boss (the lockfile) as the queue sets it up, and the
  // writers decide what else a template holds.
  for (const file of [
    'package-lock.json',
    'apps/server/src/platform/jobs/job-queue.ts',
    'apps/server/testing/embedded-database-template.ts',
    'apps/server/testing/server-database-template.ts',
  ]) {
    hash.update(file).update(await fs.readFile(path.join(ROOT, file)));
  }
  return hash.digest('hex').slice(0, 16);
}
