import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Sign-ups waiting for their e-mail confirmation. Registration records one whether or
 * not the address already has an account, so the answer, the work and the username it reserves
 * are the same either way; the account is created when the address is confirmed. Only hashes
 * of the link and the code are stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE pending_signups (
      id text PRIMARY KEY,
      username text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`,
    // A username is reserved while its sign-up waits (expired ones are deleted before inserts).
    `CREATE UNIQUE INDEX pending_signups_username_key ON pending_signups (lower(username))`,
    `CREATE INDEX pending_signups_email_idx ON pending_signups (lower(email), created_at)`,
  ]);
}
