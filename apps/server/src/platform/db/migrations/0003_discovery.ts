import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** What people search for (trending searches) and what they do with GIFs (pingbacks). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE search_terms (
      term text PRIMARY KEY,
      searches bigint NOT NULL DEFAULT 0,
      last_searched_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX search_terms_recent_idx ON search_terms (last_searched_at DESC)`,
    `CREATE TABLE pingback_events (
      id bigserial PRIMARY KEY,
      gif_id text NOT NULL REFERENCES gifs (id) ON DELETE CASCADE,
      action_type text NOT NULL CHECK (action_type IN ('SEEN', 'CLICK', 'HOVER', 'START', 'SENT', 'FAVORITE')),
      user_id text,
      random_id text,
      attributes jsonb NOT NULL DEFAULT '{}',
      occurred_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX pingback_events_gif_idx ON pingback_events (gif_id, occurred_at DESC)`,
    `CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops)`,
  ]);
}
