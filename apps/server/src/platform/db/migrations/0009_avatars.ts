import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Avatars are stored media, not URLs: `avatar_key` names the uploaded avatar's files under
 * `avatars/<user id>/`; URLs are built from MEDIA_BASE_URL when presented. Nothing wrote
 * avatar_url before, so it is replaced rather than migrated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE users DROP COLUMN avatar_url`,
    `ALTER TABLE users ADD COLUMN avatar_key text CHECK (avatar_key ~ '^[a-f0-9]{16}$')`,
  ]);
}
