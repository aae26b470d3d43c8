import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** The columns a count row is keyed by. */
const countKey = 'vocabulary, lexeme, type, doc_config, rating_rank';
/** The same, of the postings `p`. */
const postingKey = countKey.replaceAll(/(\w+)/g, 'p.$1');

/** The arguments of jiffy_gif_postings for the GIF row `g`. */
const postingArgs = (g: string) =>
  `${g}.id, ${g}.type, ${g}.rating, ${g}.lang, ${g}.search_vector, ${g}.status, ` +
  `jiffy_engagement_boost(${g}.view_count, ${g}.click_count, ${g}.share_count, ${g}.favorite_count)`;

/** An update's rows before (`o`) and after (`n`), side by side. */
const changedRows = 'old_rows o JOIN new_rows n ON n.id = o.id';

/** Whether an update from `o` to `n` changes which postings the GIF has. */
const postingsChange = `(o.status, o.type, o.rating, o.lang) IS DISTINCT FROM (n.status, n.type, n.rating, n.lang)
  OR o.search_vector IS DISTINCT FROM n.search_vector`;

/** Moves the counts by the (count key, delta) rows of `changes`, in key order. */
const addToCounts = (changes: string) => `
  INSERT INTO search_posting_counts AS c (${countKey}, n)
  SELECT ${countKey}, sum(delta) FROM ${changes}
  GROUP BY ${countKey} HAVING sum(delta) <> 0 ORDER BY ${countKey}
  ON CONFLICT (${countKey}) DO UPDATE SET n = c.n + excluded.n`;

/**
 * An inverted index kept ranked, so a search reads one page of index entries instead of ranking
 * every match (a common word matches thousands of GIFs; ranking them all cost ~15 ms at 100k
 * rows). Only ready GIFs have postings; triggers keep them right on every change.
 *
 * Each lexeme of a ready GIF's search vector (migration 0010) becomes postings:
 * - a stem posting (vocabulary = the GIF's own text-search configuration, e.g. 'english') when
 *   it comes from the stemmed title (weight A, 1.0) or tags (B, 0.4);
 * - a word posting (vocabulary = 'words') when it comes from the words as written (D, 0.1).
 * A query word in language L matches the stem postings of vocabulary L, plus the word postings
 * of GIFs in other languages. Those two sets never share a GIF, so their counts add up.
 *
 * Every two lexemes of one vocabulary also make a pair posting ('a b', weights added), so a
 * two-word search is one ranked read as well.
 *
 * `score` = weight x ln(3 + engagement), the relevance-times-engagement blend the ranked index
 * is ordered by; engagement changes rewrite only the scores. `search_posting_counts` holds how
 * many postings each (vocabulary, lexeme, type, language, rating) has, so a total is a few rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // gif_id sorts bytewise: an 'every word' search merges the words' postings in gif_id order,
    // and a locale-aware comparison would make that several times slower.
    `CREATE TABLE search_postings (
      gif_id text COLLATE "C" NOT NULL,
      vocabulary text NOT NULL,
      lexeme text NOT NULL,
      type text NOT NULL,
      rating_rank smallint NOT NULL,
      doc_config text NOT NULL,
      weight real NOT NULL,
      score real NOT NULL,
      PRIMARY KEY (vocabulary, lexeme, type, gif_id) INCLUDE (score, rating_rank, doc_config)
    )`,
    // One term's postings best first (a page), and by GIF (the primary key: merging terms).
    `CREATE INDEX search_postings_ranked_idx ON search_postings
      (vocabulary, lexeme, type, score DESC, gif_id) INCLUDE (rating_rank, doc_config)`,
    `CREATE INDEX search_postings_gif_idx ON search_postings (gif_id)`,
    `CREATE TABLE search_posting_counts (
      vocabulary text NOT NULL,
      lexeme text NOT NULL,
      type text NOT NULL,
      doc_config text NOT NULL,
      rating_rank smallint NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (vocabulary, lexeme, type, doc_config, rating_rank)
    )`,
    // The same engagement blend the API ranks lists by (gif-list.repository.ts).
    `CREATE FUNCTION jiffy_engagement_boost(views bigint, clicks bigint, shares bigint, favorites bigint)
      RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT ln(3 + views + 2 * clicks + 3 * (shares + favorites))::real
      $$`,
    // The postings a GIF row should have (none unless it is ready), from the columns they
    // depend on: a pure function, so the counts can be moved by what it gave before and after.
    // Besides each lexeme, every two lexemes of one vocabulary make a pair posting ('a b', in
    // bytewise order, weights added): two-word searches, the common long search, are then one
    // ranked read too, instead of merging two long lists.
    `CREATE FUNCTION jiffy_gif_postings(id text, type text, rating text, lang text,
        search_vector tsvector, status text, boost real)
      RETURNS SETOF search_postings LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        WITH lexemes AS (
          SELECT CASE WHEN w.is_word THEN 'words' ELSE c.config END AS vocabulary,
            l.lexeme COLLATE "C" AS lexeme, c.config, w.weight
          FROM (SELECT jiffy_search_config(lang)::text AS config) c,
            unnest(search_vector) l,
            LATERAL (VALUES
              (false, CASE WHEN 'A' = ANY(l.weights) THEN 1.0 WHEN 'B' = ANY(l.weights) THEN 0.4
                WHEN 'C' = ANY(l.weights) THEN 0.2 END::real),
              (true, CASE WHEN 'D' = ANY(l.weights) THEN 0.1 END::real)) w(is_word, weight)
          WHERE status = 'ready' AND w.weight IS NOT NULL),
        terms AS (
          SELECT vocabulary, lexeme, config, weight FROM lexemes
          UNION ALL
          SELECT a.vocabulary, a.lexeme || ' ' || b.lexeme, a.config, a.weight + b.weight
          FROM lexemes a JOIN lexemes b ON b.vocabulary = a.vocabulary AND a.lexeme < b.lexeme)
        SELECT id, vocabulary, lexeme, type,
          (array_position(ARRAY['g', 'pg', 'pg-13', 'r'], rating) - 1)::smallint,
          config, weight, weight * boost
        FROM terms
      $$`,
    // Statement-level, over the statement's old and new rows at once: a bulk change costs one
    // pass, and each count row is written once per statement, in key order, so two statements
    // at once take the count rows' locks in the same order.
    `CREATE FUNCTION jiffy_sync_search_postings() RETURNS trigger
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
          -- Engagement alone moved: the same postings, new scores.
          UPDATE search_postings p
          SET score = p.weight * jiffy_engagement_boost(n.view_count, n.click_count, n.share_count, n.favorite_count)
          FROM ${changedRows}
          WHERE p.gif_id = n.id COLLATE "C" AND NOT (${postingsChange})
            AND (o.view_count, o.click_count, o.share_count, o.favorite_count)
              IS DISTINCT FROM (n.view_count, n.click_count, n.share_count, n.favorite_count);
          -- Anything else: rewrite the GIF's postings, and move the counts by the difference.
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
    `CREATE TRIGGER gifs_search_postings_insert AFTER INSERT ON gifs
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_search_postings()`,
    `CREATE TRIGGER gifs_search_postings_update AFTER UPDATE ON gifs
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_search_postings()`,
    `CREATE TRIGGER gifs_search_postings_delete AFTER DELETE ON gifs
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_search_postings()`,
    // GIFs that are already there.
    `INSERT INTO search_postings SELECT p.* FROM gifs g, LATERAL jiffy_gif_postings(${postingArgs('g')}) p`,
    `INSERT INTO search_posting_counts (vocabulary, lexeme, type, doc_config, rating_rank, n)
      SELECT vocabulary, lexeme, type, doc_config, rating_rank, count(*)
      FROM search_postings GROUP BY vocabulary, lexeme, type, doc_config, rating_rank`,
  ]);
}
