import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Jiffy's own analytics for its pages and the embed player (no third-party trackers): page
 * views and interaction events as category / action / label, with the page they happened on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE site_events (
      id bigserial PRIMARY KEY,
      category text NOT NULL,
      action text NOT NULL,
      label text NOT NULL DEFAULT '',
      page text NOT NULL DEFAULT '',
      gif_id text,
      occurred_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX site_events_category_idx ON site_events (category, occurred_at DESC)`,
  ]);
}
