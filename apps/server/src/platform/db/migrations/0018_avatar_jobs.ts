import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Avatars render in a job: `avatar_pending_key` names the upload being rendered
 * (its source waits at `avatar-sources/<user id>/<key>`), `avatar_error` the stable code of the
 * last one that failed. `avatar_key` only changes once a render has finished.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE users ADD COLUMN avatar_pending_key text CHECK (avatar_pending_key ~ '^[a-f0-9]{16}$')`,
    `ALTER TABLE users ADD COLUMN avatar_error text`,
  ]);
}
