import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The trigger's pieces as 0022 left them (shipped migrations never change: copied here).
const countKey = 'vocabulary, lexeme, type, doc_config, rating_rank';
const postingKey = countKey.replaceAll(/(\w+)/g, 'p.$1');
const postingArgs = (g: string) =>
  `${g}.id, ${g}.type, ${g}.rating, ${g}.lang, ${g}.search_vector, ${g}.language_tags, ` +
  `CASE WHEN ${g}.visibility = 'public' THEN ${g}.status ELSE 'unlisted' END, ` +
  `jiffy_engagement_boost(${g}.view_count, ${g}.click_count, ${g}.share_count, ${g}.favorite_count)`;
const changedRows = 'old_rows o JOIN new_rows n ON n.id = o.id';
const postingsChange = `(o.status, o.visibility, o.type, o.rating, o.lang)
    IS DISTINCT FROM (n.status, n.visibility, n.type, n.rating, n.lang)
  OR o.search_vector IS DISTINCT FROM n.search_vector OR o.language_tags IS DISTINCT FROM n.language_tags`;
const addToCounts = (changes: string) => `
  INSERT INTO search_posting_counts AS c (${countKey}, n)
  SELECT ${countKey}, sum(delta) FROM ${changes}
  GROUP BY ${countKey} HAVING sum(delta) <> 0 ORDER BY ${countKey}
  ON CONFLICT (${countKey}) DO UPDATE SET n = c.n + excluded.n`;
// Only a public, ready GIF has postings (jiffy_gif_postings yields none for any other).
const hasPostings = (g: string) => `${g}.status = 'ready' AND ${g}.visibility = 'public'`;

/**
 * The same rows and postings for less work on every GIF written; a GIF starts as
 * 'processing', so each upload paid for both:
 * - `jiffy_language_tags_vector` (part of the generated `search_vector`, computed on every
 *   insert and update) returns at once for a GIF without language tags, as most are, instead
 *   of running its loop's query to find no languages.
 * - The search postings trigger works out postings only for the GIFs that can have any
 *   (public and ready) instead of working out every GIF's terms and dropping them after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE OR REPLACE FUNCTION jiffy_language_tags_vector(language_tags jsonb) RETURNS tsvector
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE
        v tsvector := ''::tsvector;
        e record;
        words text;
      BEGIN
        IF language_tags = '{}'::jsonb THEN
          RETURN v;
        END IF;
        FOR e IN SELECT key, value FROM jsonb_each(language_tags) ORDER BY key LOOP
          SELECT string_agg(w, ' ') INTO words FROM jsonb_array_elements_text(e.value) w;
          v := v || setweight(to_tsvector(jiffy_search_config(e.key), coalesce(words, '')), 'C')
            || setweight(to_tsvector('simple', coalesce(words, '')), 'D');
        END LOOP;
        RETURN v;
      END $$`,
    `CREATE OR REPLACE FUNCTION jiffy_sync_search_postings() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          WITH added AS (
            INSERT INTO search_postings
            SELECT p.* FROM new_rows n, LATERAL jiffy_gif_postings(${postingArgs('n')}) p
            WHERE ${hasPostings('n')}
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
            WHERE ${hasPostings('n')} AND (${postingsChange})
            RETURNING ${countKey}, 1 AS delta),
          changes AS (
            SELECT * FROM added
            UNION ALL
            SELECT ${postingKey}, -1 FROM ${changedRows},
              LATERAL jiffy_gif_postings(${postingArgs('o')}) p
              WHERE ${hasPostings('o')} AND (${postingsChange}))
          ${addToCounts('changes')};
        END IF;
        RETURN NULL;
      END $$`,
  ]);
}
