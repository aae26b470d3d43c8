import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The ranked index (0014) orders each term's postings by score with the rating after it, so a
 * search that leaves some ratings out (the API's default leaves out r) stepped over every
 * posting of a left-out rating scored above its page, and read each one. How many that is
 * grows with the corpus: where a word's best GIFs are all r, a page at a million GIFs read
 * ~30,000 postings (19,000 buffers, 15 ms) for 25 GIFs. With the rating before the score, a
 * search reads each allowed rating's postings in score order and merges them, so a page costs
 * its offset plus its length again, whatever the ratings of what it skips.
 *
 * IF NOT EXISTS: a benchmark corpus built before this migration may have the index already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE INDEX IF NOT EXISTS search_postings_rated_idx ON search_postings
      (vocabulary, lexeme, type, rating_rank, score DESC, gif_id) INCLUDE (doc_config)`,
    `DROP INDEX search_postings_ranked_idx`,
  ]);
}
