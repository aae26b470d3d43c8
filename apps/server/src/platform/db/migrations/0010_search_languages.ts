import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * ISO 639-1 codes (GIPHY's `lang`) and the PostgreSQL text-search configuration that stems
 * that language. Codes the database has no configuration for search unstemmed ('simple').
 */
const configForLanguage: Record<string, string> = {
  ar: 'arabic',
  ca: 'catalan',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  et: 'estonian',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

/**
 * Search in the GIF's own language. Each GIF has a `lang` (default 'en'); its title and tags are
 * stemmed with that language's configuration (weights A, B), and the words as written are
 * indexed unstemmed too (weight D), so a query in another language still finds exact words.
 * `jiffy_search_config` maps a code to its configuration; it is written from the
 * configurations this database has, and queries use it too, so both sides always agree.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ cfgname: string }>`SELECT cfgname FROM pg_ts_config`.execute(db);
  const present = new Set(rows.map((r) => r.cfgname));
  const cases = Object.entries(configForLanguage)
    .filter(([, config]) => present.has(config))
    .map(([code, config]) => `WHEN '${code}' THEN '${config}'::regconfig`)
    .join(' ');
  await runStatements(db, [
    `ALTER TABLE gifs ADD COLUMN lang text NOT NULL DEFAULT 'en'`,
    `CREATE FUNCTION jiffy_search_config(lang text) RETURNS regconfig
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE lower(split_part(lang, '-', 1)) ${cases} ELSE 'simple'::regconfig END
      $$`,
    `ALTER TABLE gifs DROP COLUMN search_vector`,
    `ALTER TABLE gifs ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector(jiffy_search_config(lang), coalesce(title, '')), 'A') ||
      setweight(to_tsvector(jiffy_search_config(lang), jiffy_tags_text(tags)), 'B') ||
      setweight(to_tsvector('simple', coalesce(title, '') || ' ' || jiffy_tags_text(tags)), 'D')
    ) STORED`,
    `CREATE INDEX gifs_search_idx ON gifs USING gin (search_vector)`,
  ]);
}
