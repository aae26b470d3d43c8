import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** A signed-in user's favorite GIFs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE favorites (
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      gif_id text NOT NULL REFERENCES gifs (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, gif_id)
    )`,
    `CREATE INDEX favorites_user_recent_idx ON favorites (user_id, created_at DESC)`,
  ]);
}
