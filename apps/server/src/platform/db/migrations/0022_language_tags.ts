import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The trigger's pieces as 0020 left them (an unlisted GIF has no postings), with the GIF's
// language tags added (shipped migrations never change: copied here).
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

/**
 * Share counts per GIF and type (below), and language tags: words for a GIF in another language than its own (a Spanish "perros" on an
 * English GIF), each stemmed in its own language, found by searches in that language.
 *
 * `gif_language_tags` (gif_id, lang, tag) is what the owner or staff wrote. Triggers copy a
 * GIF's tags into `gifs.language_tags` ({"es": ["perros", ...]}), because both search paths read
 * the GIF row: the generated `search_vector` adds each language's tags stemmed in that
 * language (weight C; full-text search) and as written (D), and `jiffy_gif_postings` (the
 * ranked index) gives them stem postings in their language's vocabulary.
 *
 * The ranked index adds a query word's stem postings in the query's language to its written
 * form's postings in GIFs of other languages, and counts both; that is only right while no GIF
 * is in both sets. A GIF with Spanish tags has Spanish stems, so a Spanish query must not also
 * find it by a written word: `doc_config` becomes every configuration the GIF has stems in
 * ('english,spanish', sorted, comma-joined), and the written-word source keeps GIFs whose list
 * does not hold the query's configuration. A GIF without language tags keeps its one
 * configuration, so existing postings stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE gif_language_tags (
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      lang text NOT NULL,
      tag text NOT NULL,
      added_by text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (gif_id, lang, tag)
    )`,
    `ALTER TABLE gifs ADD COLUMN language_tags jsonb NOT NULL DEFAULT '{}'`,
    // Share events from the site's share buttons, counted per GIF and type (each is also a
    // SENT pingback event, which feeds share_count and trending).
    `CREATE TABLE gif_share_counts (
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      share_type text NOT NULL,
      n bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (gif_id, share_type)
    )`,
    // Rewrites the changed GIFs' copy, once per statement, in id order (lock order).
    `CREATE FUNCTION jiffy_copy_language_tags() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE gifs g SET language_tags = coalesce((
          SELECT jsonb_object_agg(lang, tags ORDER BY lang) FROM (
            SELECT lang, jsonb_agg(tag ORDER BY tag) AS tags FROM gif_language_tags t
            WHERE t.gif_id = g.id GROUP BY lang) per_lang), '{}'::jsonb)
        FROM (SELECT DISTINCT gif_id FROM changed_rows ORDER BY gif_id) c
        WHERE g.id = c.gif_id;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER gif_language_tags_insert AFTER INSERT ON gif_language_tags
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_copy_language_tags()`,
    `CREATE TRIGGER gif_language_tags_delete AFTER DELETE ON gif_language_tags
      REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_copy_language_tags()`,
    // Each language's tags stemmed in that language (C) and as written (D).
    `CREATE FUNCTION jiffy_language_tags_vector(language_tags jsonb) RETURNS tsvector
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE
        v tsvector := ''::tsvector;
        e record;
        words text;
      BEGIN
        FOR e IN SELECT key, value FROM jsonb_each(language_tags) ORDER BY key LOOP
          SELECT string_agg(w, ' ') INTO words FROM jsonb_array_elements_text(e.value) w;
          v := v || setweight(to_tsvector(jiffy_search_config(e.key), coalesce(words, '')), 'C')
            || setweight(to_tsvector('simple', coalesce(words, '')), 'D');
        END LOOP;
        RETURN v;
      END $$`,
    `ALTER TABLE gifs DROP COLUMN search_vector`,
    `ALTER TABLE gifs ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector(jiffy_search_config(lang), coalesce(title, '')), 'A') ||
      setweight(to_tsvector(jiffy_search_config(lang), jiffy_tags_text(tags)), 'B') ||
      setweight(to_tsvector('simple', coalesce(title, '') || ' ' || jiffy_tags_text(tags)), 'D') ||
      jiffy_language_tags_vector(language_tags)
    ) STORED`,
    `CREATE INDEX gifs_search_idx ON gifs USING gin (search_vector)`,
    // As 0014's, plus: the title (A) and tags (B) in the GIF's language, the language tags
    // (C in the vector) from language_tags in each tag's own vocabulary at the tags' weight,
    // one posting per term (a word in two places keeps its best weight), and doc_config
    // listing every configuration the GIF has stems in.
    `DROP FUNCTION jiffy_gif_postings(text, text, text, text, tsvector, text, real)`,
    `CREATE FUNCTION jiffy_gif_postings(id text, type text, rating text, lang text,
        search_vector tsvector, language_tags jsonb, status text, boost real)
      RETURNS SETOF search_postings LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        WITH own AS (SELECT jiffy_search_config(lang)::text AS config),
        doc AS (
          SELECT string_agg(config, ',' ORDER BY config) AS config FROM (
            SELECT config FROM own
            UNION SELECT jiffy_search_config(k)::text FROM jsonb_object_keys(language_tags) k) c),
        lexemes AS (
          SELECT vocabulary, lexeme, max(weight) AS weight FROM (
            SELECT CASE WHEN w.is_word THEN 'words' ELSE own.config END AS vocabulary,
              l.lexeme COLLATE "C" AS lexeme, w.weight
            FROM own, unnest(search_vector) l,
              LATERAL (VALUES
                (false, CASE WHEN 'A' = ANY(l.weights) THEN 1.0 WHEN 'B' = ANY(l.weights) THEN 0.4 END::real),
                (true, CASE WHEN 'D' = ANY(l.weights) THEN 0.1 END::real)) w(is_word, weight)
            WHERE w.weight IS NOT NULL
            UNION ALL
            SELECT jiffy_search_config(t.key)::text, l.lexeme COLLATE "C", 0.4::real
            FROM jsonb_each(language_tags) t,
              unnest(to_tsvector(jiffy_search_config(t.key),
                (SELECT coalesce(string_agg(x, ' '), '') FROM jsonb_array_elements_text(t.value) x))) l
          ) found
          WHERE status = 'ready'
          GROUP BY vocabulary, lexeme),
        terms AS (
          SELECT vocabulary, lexeme, weight FROM lexemes
          UNION ALL
          SELECT a.vocabulary, a.lexeme || ' ' || b.lexeme, a.weight + b.weight
          FROM lexemes a JOIN lexemes b ON b.vocabulary = a.vocabulary AND a.lexeme < b.lexeme)
        SELECT id, vocabulary, lexeme, type,
          (array_position(ARRAY['g', 'pg', 'pg-13', 'r'], rating) - 1)::smallint,
          doc.config, weight, weight * boost
        FROM terms, doc
      $$`,
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
