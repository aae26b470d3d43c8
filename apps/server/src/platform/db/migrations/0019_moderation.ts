import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Takedowns (a moderator removes a GIF; its files wait in quarantine until restored or purged),
 * who resolved a report and how, and the moderation audit log.
 *
 * A taken-down GIF keeps its row with status 'removed' (allowed since 0001): every list, search
 * posting (the 0014 triggers drop postings when status leaves 'ready'), read by id and media file
 * already asks for 'ready', and the row stays as the tombstone that makes its media URLs answer
 * 410 and lets an admin restore it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE gif_takedowns (
      id bigserial PRIMARY KEY,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      uploader_user_id text REFERENCES users(id) ON DELETE SET NULL,
      reason text NOT NULL,
      note text NOT NULL DEFAULT '',
      taken_down_by text REFERENCES users(id) ON DELETE SET NULL,
      emailed boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      restored_at timestamptz,
      restored_by text REFERENCES users(id) ON DELETE SET NULL,
      files_purged_at timestamptz
    )`,
    // One takedown in force per GIF; restored ones stay as history.
    `CREATE UNIQUE INDEX gif_takedowns_in_force ON gif_takedowns (gif_id) WHERE restored_at IS NULL`,
    `CREATE INDEX gif_takedowns_uploader_idx ON gif_takedowns (uploader_user_id, created_at DESC)`,
    `CREATE INDEX gif_takedowns_quarantined_idx ON gif_takedowns (created_at)
      WHERE restored_at IS NULL AND files_purged_at IS NULL`,
    `ALTER TABLE gif_reports ADD COLUMN resolved_by text REFERENCES users(id) ON DELETE SET NULL`,
    `ALTER TABLE gif_reports ADD COLUMN resolution text`,
    // No foreign key on gif_id: a deleted GIF's entries must outlive it.
    `CREATE TABLE moderation_audit_log (
      id bigserial PRIMARY KEY,
      actor_user_id text REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      gif_id text NOT NULL,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  ]);
}
