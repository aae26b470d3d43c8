import { sql, type Kysely } from 'kysely';

/**
 * Runs DDL statements one at a time: the embedded engine's query path takes one statement per
 * call (extended protocol), so a migration lists its statements instead of one big script.
 */
export async function runStatements(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
