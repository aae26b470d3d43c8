import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * What the moderator who decided a creator application tells the applicant (why it was
 * declined, what to send next time, or a welcome): shown on their /apply page only. Null for
 * applications decided without one, and for those decided before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`ALTER TABLE creator_applications ADD COLUMN decision_note text`]);
}
