import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * What /studios features, chosen by staff: a channel or a creator per row, in their order. A
 * channel or creator that goes takes its feature with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE studio_features (
      id serial PRIMARY KEY,
      channel_id integer UNIQUE REFERENCES channels(id) ON DELETE CASCADE,
      user_id text UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      position double precision NOT NULL,
      chosen_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((channel_id IS NULL) <> (user_id IS NULL)))`,
  ]);
}
