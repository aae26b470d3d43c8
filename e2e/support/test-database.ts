import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { TEMPLATE_VARIABLE } from '../../apps/server/testing/embedded-database-template.ts';

/**
 * Environment for a spawned server: the embedded engine by default, or a fresh schema on the
 * PostgreSQL server when the suite runs with DATABASE_URL. `drop` removes that schema after.
 */
export function serverDatabaseEnv(): { env: Record<string, string>; drop: () => Promise<void> } {
  const url = process.env.DATABASE_URL;
  if (!url) return { env: {}, drop: async () => {} };
  const schema = `e2e_${randomBytes(5).toString('hex')}`;
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * On the embedded engine, puts the run's migrated database (global setup's template) in
 * `dataDir`/db, so a server or CLI spawned on that folder opens it instead of spending seconds
 * on initdb and the migrations. Does nothing on the PostgreSQL server or without a template.
 */
export async function migratedEmbeddedDatabase(dataDir: string): Promise<void> {
  const template = process.env[TEMPLATE_VARIABLE];
  if (process.env.DATABASE_URL || !template) return;
  // The template is PGlite's dump, a tarball of its data folder: unpacked as it is, at once,
  // where booting PGlite in this process to load it would take seconds.
  const folder = path.join(dataDir, 'db');
  await fs.mkdir(folder, { recursive: true });
  await promisify(execFile)('tar', ['-xf', template, '-C', folder]);
}
