import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Personal API tokens (stored hashed) and a GIF's call to action. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE api_tokens (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`,
    `CREATE INDEX api_tokens_user_idx ON api_tokens (user_id)`,
    `ALTER TABLE gifs ADD COLUMN cta_link text`,
    `ALTER TABLE gifs ADD COLUMN cta_text text`,
  ]);
}
