import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The moderation queue's other inputs: flags by signed-in users, reports of search result pages
 * (with the GIFs that page showed), and pre-moderation's `pending_review` status.
 *
 * A held upload gets status 'pending_review' instead of 'ready' when processed: every list,
 * search posting, read by id and page already asks for 'ready', so it is listed nowhere until a
 * moderator approves it (status 'ready', and the 0014 triggers write its postings then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE gifs DROP CONSTRAINT gifs_status_check`,
    `ALTER TABLE gifs ADD CONSTRAINT gifs_status_check
      CHECK (status IN ('processing', 'ready', 'failed', 'removed', 'pending_review'))`,
    `CREATE TABLE gif_flags (
      id bigserial PRIMARY KEY,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      flagger_user_id text REFERENCES users(id) ON DELETE SET NULL,
      reason text NOT NULL,
      suggested_rating text CHECK (suggested_rating IN ('g', 'pg', 'pg-13', 'r')),
      note text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by text REFERENCES users(id) ON DELETE SET NULL,
      resolution text
    )`,
    // One open flag per user and GIF: flagging again updates it.
    `CREATE UNIQUE INDEX gif_flags_one_open_per_user ON gif_flags (gif_id, flagger_user_id)
      WHERE resolved_at IS NULL`,
    `CREATE INDEX gif_flags_open_idx ON gif_flags (created_at, id) WHERE resolved_at IS NULL`,
    `CREATE TABLE search_reports (
      id bigserial PRIMARY KEY,
      response_id text NOT NULL,
      search_term text NOT NULL,
      content_type text NOT NULL,
      reasons text[] NOT NULL,
      additional_info text NOT NULL DEFAULT '',
      gif_ids text[] NOT NULL,
      reporter_user_id text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by text REFERENCES users(id) ON DELETE SET NULL,
      resolution text
    )`,
    `CREATE INDEX search_reports_open_idx ON search_reports (created_at, id) WHERE resolved_at IS NULL`,
    `CREATE INDEX gifs_pending_review_idx ON gifs (created_at, id) WHERE status = 'pending_review'`,
    // A search report dismissed on its own is about no one GIF.
    `ALTER TABLE moderation_audit_log ALTER COLUMN gif_id DROP NOT NULL`,
    `ALTER TABLE moderation_audit_log ADD COLUMN search_report_id bigint`,
    // The queue reads each kind's open items in (created_at, id) order.
    `CREATE INDEX gif_reports_open_queue_idx ON gif_reports (created_at, id) WHERE resolved_at IS NULL`,
    `CREATE INDEX moderation_audit_log_gif_idx ON moderation_audit_log (gif_id, id DESC)`,
  ]);
}
