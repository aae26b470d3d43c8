import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Reports of GIFs by visitors (the GIF page's Report button), waiting for a moderator. A
 * signed-in reporter has one report per GIF; anonymous ones are limited per address instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE gif_reports (
      id bigserial PRIMARY KEY,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      reason text NOT NULL,
      note text NOT NULL DEFAULT '',
      reporter_user_id text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    )`,
    `CREATE UNIQUE INDEX gif_reports_one_per_user ON gif_reports (gif_id, reporter_user_id)
      WHERE reporter_user_id IS NOT NULL`,
    `CREATE INDEX gif_reports_open_idx ON gif_reports (created_at) WHERE resolved_at IS NULL`,
  ]);
}
