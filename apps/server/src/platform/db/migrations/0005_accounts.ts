import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Server-side sessions and single-use account tokens (e-mail confirmation, password reset).
 * Only hashes of the secrets are stored: a leaked table opens no account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE sessions (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      login_type text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`,
    `CREATE INDEX sessions_user_idx ON sessions (user_id)`,
    `CREATE TABLE account_tokens (
      token_hash text PRIMARY KEY,
      code_hash text,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`,
    `CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose)`,
  ]);
}
