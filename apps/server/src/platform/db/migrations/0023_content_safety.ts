import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

const rating = (column: string) => `${column} text CHECK (${column} IN ('g', 'pg', 'pg-13', 'r'))`;

/**
 * Automatic first look: each GIF's content-safety scores and the rating they suggest (written by
 * the essential phase before the GIF is listed), automatic flags for the moderation queue (a
 * stricter suggested rating, or a near-duplicate of another user's GIF), and the index an
 * exact re-upload by the same user is found by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE gifs ADD COLUMN safety_scores jsonb`,
    `ALTER TABLE gifs ADD COLUMN ${rating('suggested_rating')}`,
    `CREATE INDEX gifs_owner_sha256_idx ON gifs (user_id, content_sha256)
      WHERE content_sha256 IS NOT NULL`,
    `CREATE TABLE gif_automatic_flags (
      id bigserial PRIMARY KEY,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (reason IN ('content_safety', 'near_duplicate')),
      ${rating('declared_rating')},
      ${rating('suggested_rating')},
      scores jsonb,
      duplicate_of text REFERENCES gifs(id) ON DELETE CASCADE,
      distance integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by text REFERENCES users(id) ON DELETE SET NULL,
      resolution text
    )`,
    // A job run twice cannot queue the same finding twice.
    `CREATE UNIQUE INDEX gif_automatic_flags_one_open ON gif_automatic_flags (gif_id, reason)
      WHERE resolved_at IS NULL`,
    `CREATE INDEX gif_automatic_flags_open_idx ON gif_automatic_flags (created_at, id)
      WHERE resolved_at IS NULL`,
  ]);
}
