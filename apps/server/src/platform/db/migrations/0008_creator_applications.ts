import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Applications to become a verified creator (`/apply`), reviewed by moderators. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE creator_applications (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      message text NOT NULL,
      portfolio_url text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reviewed_by text REFERENCES users (id) ON DELETE SET NULL,
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE UNIQUE INDEX creator_applications_one_pending ON creator_applications (user_id) WHERE status = 'pending'`,
  ]);
}
