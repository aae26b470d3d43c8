import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Copies of 0014's pieces (a shipped migration never changes, so this one redefines the trigger
// function with the visibility added rather than importing them).
const countKey = 'vocabulary, lexeme, type, doc_config, rating_rank';
const postingKey = countKey.replaceAll(/(\w+)/g, 'p.$1');

/** The arguments of jiffy_gif_postings for row `g`: an unlisted GIF has no postings. */
const postingArgs = (g: string) =>
  `${g}.id, ${g}.type, ${g}.rating, ${g}.lang, ${g}.search_vector, ` +
  `CASE WHEN ${g}.visibility = 'public' THEN ${g}.status ELSE 'unlisted' END, ` +
  `jiffy_engagement_boost(${g}.view_count, ${g}.click_count, ${g}.share_count, ${g}.favorite_count)`;

const changedRows = 'old_rows o JOIN new_rows n ON n.id = o.id';

const postingsChange = `(o.status, o.visibility, o.type, o.rating, o.lang)
    IS DISTINCT FROM (n.status, n.visibility, n.type, n.rating, n.lang)
  OR o.search_vector IS DISTINCT FROM n.search_vector`;

const addToCounts = (changes: string) => `
  INSERT INTO search_posting_counts AS c (${countKey}, n)
  SELECT ${countKey}, sum(delta) FROM ${changes}
  GROUP BY ${countKey} HAVING sum(delta) <> 0 ORDER BY ${countKey}
  ON CONFLICT (${countKey}) DO UPDATE SET n = c.n + excluded.n`;

/**
 * A GIF's visibility: 'public' (the default) or 'unlisted'. An unlisted GIF is served by id, on
 * its page, in the embed player and oEmbed, and its media, like a public one, but is in no list:
 * no search postings (this trigger function, as 0014's, with the visibility as part of what makes
 * postings), and the lists and tag suggestions ask for `visibility = 'public'`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE gifs ADD COLUMN visibility text NOT NULL DEFAULT 'public'
      CHECK (visibility IN ('public', 'unlisted'))`,
    `CREATE OR REPLACE FUNCTION jiffy_sync_search_postings() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          WITH added AS (
            INSERT INTO search_postings
            SELECT p.* FROM new_rows n, LATERAL jiffy_gif_postings(${postingArgs('n')}) p
            RETURNING ${countKey}, 1 AS delta)
          ${addToCounts('added')};
        ELSIF TG_OP = 'DELETE' THEN
          WITH removed AS (
            DELETE FROM search_postings p USING old_rows o WHERE p.gif_id = o.id COLLATE "C"
            RETURNING ${postingKey}, -1 AS delta)
          ${addToCounts('removed')};
        ELSE
          UPDATE search_postings p
          SET score = p.weight * jiffy_engagement_boost(n.view_count, n.click_count, n.share_count, n.favorite_count)
          FROM ${changedRows}
          WHERE p.gif_id = n.id COLLATE "C" AND NOT (${postingsChange})
            AND (o.view_count, o.click_count, o.share_count, o.favorite_count)
              IS DISTINCT FROM (n.view_count, n.click_count, n.share_count, n.favorite_count);
          DELETE FROM search_postings p USING ${changedRows}
          WHERE p.gif_id = o.id COLLATE "C" AND (${postingsChange});
          WITH added AS (
            INSERT INTO search_postings
            SELECT p.* FROM ${changedRows}, LATERAL jiffy_gif_postings(${postingArgs('n')}) p
            WHERE ${postingsChange}
            RETURNING ${countKey}, 1 AS delta),
          changes AS (
            SELECT * FROM added
            UNION ALL
            SELECT ${postingKey}, -1 FROM ${changedRows},
              LATERAL jiffy_gif_postings(${postingArgs('o')}) p WHERE ${postingsChange})
          ${addToCounts('changes')};
        END IF;
        RETURN NULL;
      END $$`,
  ]);
}
