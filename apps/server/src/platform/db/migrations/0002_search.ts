import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Full-text search over title (weight A) and tags (weight B), and trigram indexes for typo
 * tolerance. `array_to_string` is only STABLE in general, but over text[] it cannot change, so
 * an IMMUTABLE wrapper lets the vector be a generated column (kept right by PostgreSQL itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // In public, not the instance's schema: one extension serves every schema of the database.
    // The lock keeps two instances migrating at once from both trying to create it.
    `SELECT pg_advisory_xact_lock(7415)`,
    `CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`,
    `CREATE FUNCTION jiffy_tags_text(tags text[]) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(tags, ' ') $$`,
    `ALTER TABLE gifs ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('english', jiffy_tags_text(tags)), 'B')
    ) STORED`,
    `CREATE INDEX gifs_search_idx ON gifs USING gin (search_vector)`,
    `CREATE INDEX gifs_title_trgm_idx ON gifs USING gin (title gin_trgm_ops)`,
    `CREATE INDEX gifs_tags_text_trgm_idx ON gifs USING gin (jiffy_tags_text(tags) gin_trgm_ops)`,
    `CREATE INDEX gifs_ready_type_idx ON gifs (type, created_at DESC, id) WHERE status = 'ready'`,
  ]);
}
