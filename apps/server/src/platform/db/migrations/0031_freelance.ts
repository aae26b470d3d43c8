import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Whether a creator takes freelance work: the artists directory's `freelance` filter narrows
 * to them. Off until the creator says so on their profile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE users ADD COLUMN freelance boolean NOT NULL DEFAULT false`,
  ]);
}
