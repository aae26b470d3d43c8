import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Analytics roll-ups. Pingbacks now keep where they came from (`source`: site,
 * widget, `api:<key>`, `sdk:<name>`; older rows have none and count as site). A job folds raw
 * pingback and embed events into per-GIF, per-day, per-source counts, moving a watermark per
 * stream in the same transaction, so a crash mid-job neither loses nor double-counts. The
 * creator's id is copied onto each roll-up row so a dashboard reads one index range.
 * `analytics_search_daily` counts how often a search answer showed a GIF (the searches that
 * surfaced it), written in batches by the search route; it is a roll-up from the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE pingback_events ADD COLUMN source text`,
    `CREATE TABLE analytics_daily (
      gif_id text NOT NULL REFERENCES gifs (id) ON DELETE CASCADE,
      day date NOT NULL,
      source text NOT NULL,
      user_id text,
      views bigint NOT NULL DEFAULT 0,
      clicks bigint NOT NULL DEFAULT 0,
      shares bigint NOT NULL DEFAULT 0,
      favorites bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (gif_id, day, source)
    )`,
    // Covering: a dashboard sums a creator's rows from the index alone. A big creator's month
    // is tens of thousands of rows scattered over the heap (bench:analytics: 88 ms to 20 ms).
    `CREATE INDEX analytics_daily_user_idx ON analytics_daily (user_id, day)
      INCLUDE (source, gif_id, views, clicks, shares, favorites)`,
    `CREATE TABLE analytics_watermarks (
      stream text PRIMARY KEY,
      last_id bigint NOT NULL DEFAULT 0,
      rolled_up_at timestamptz
    )`,
    `INSERT INTO analytics_watermarks (stream) VALUES ('pingback'), ('site')`,
    `CREATE TABLE analytics_search_daily (
      gif_id text NOT NULL REFERENCES gifs (id) ON DELETE CASCADE,
      day date NOT NULL,
      term text NOT NULL,
      user_id text,
      surfaced bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (gif_id, day, term)
    )`,
    `CREATE INDEX analytics_search_daily_user_idx ON analytics_search_daily (user_id, day)`,
    `CREATE INDEX site_events_received_idx ON site_events (received_at)`,
    `CREATE INDEX pingback_events_received_idx ON pingback_events (received_at)`,
  ]);
}
