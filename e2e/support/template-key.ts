import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A name for what makes a migrated template database: every migration and the locked
 * dependencies (the job queue's own tables come from pg-boss). A change to either makes a new one.
 */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = path.join(ROOT, 'apps/server/src/db/migrations');
  for (const name of (await fs.readdir(migrations)).sort()) {
    hash.update(name).update(await fs.readFile(path.join(migrations, name)));
  }
  hash.update(await fs.readFile(path.join(ROOT, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}
