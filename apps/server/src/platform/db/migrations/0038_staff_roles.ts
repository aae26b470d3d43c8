import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Staff roles given and taken back on a running instance:
 * - `users.role_before_staff`: what a moderator or admin was before their first staff role
 *   ('user' or 'creator'), so taking the role back returns a creator to being a creator; null
 *   for everyone who is not staff, and for staff appointed before this column (they return to
 *   'user').
 * - `moderation_audit_log.subject_user_id`: whose role an entry changed (null for entries
 *   about GIFs and search reports, and once that user is deleted).
 * - `moderation_audit_log.actor_note`: who acted when no signed-in user did (the operator at
 *   the server's command line), since `actor_user_id` is then null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE users ADD COLUMN role_before_staff text
       CHECK (role_before_staff IN ('user', 'creator'))`,
    `ALTER TABLE moderation_audit_log
       ADD COLUMN subject_user_id text REFERENCES users(id) ON DELETE SET NULL`,
    `ALTER TABLE moderation_audit_log ADD COLUMN actor_note text`,
    `CREATE INDEX moderation_audit_log_subject_idx ON moderation_audit_log (subject_user_id)
       WHERE subject_user_id IS NOT NULL`,
  ]);
}
