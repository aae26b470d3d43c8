import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Trending searches count people, not calls. `search_term_visitors` holds, per term and UTC day,
 * one row per visitor who searched it and found GIFs: the visitor is a keyed hash (a key that
 * changes every day, so no visitor can be followed from one day to the next), never an address
 * or a user id. It replaces `search_terms`, whose bare counts one script could fill alone.
 * `hidden_search_terms` are terms a moderator took off trending for good;
 * `blocked_search_terms` the instance's list of words and phrases no trending term may contain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE search_term_visitors (
      term text NOT NULL,
      day date NOT NULL,
      visitor text NOT NULL,
      searches bigint NOT NULL DEFAULT 0,
      last_searched_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (term, day, visitor)
    )`,
    `CREATE INDEX search_term_visitors_day_idx ON search_term_visitors (day)`,
    `DROP TABLE search_terms`,
    `CREATE TABLE hidden_search_terms (
      term text PRIMARY KEY,
      hidden_by text REFERENCES users(id) ON DELETE SET NULL,
      hidden_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE blocked_search_terms (
      phrase text PRIMARY KEY,
      added_by text REFERENCES users(id) ON DELETE SET NULL,
      added_at timestamptz NOT NULL DEFAULT now()
    )`,
  ]);
}
