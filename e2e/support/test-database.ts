import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
