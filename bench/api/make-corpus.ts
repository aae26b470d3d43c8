import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/platform/db/schema.ts';

// Words the corpus titles and tags are drawn from; searches in the benchmark use them too.
export const corpusWords = [
  'happy',
  'sad',
  'dance',
  'cat',
  'dog',
  'party',
  'love',
  'angry',
  'funny',
  'wow',
  'yes',
  'no',
  'hello',
  'bye',
  'thanks',
  'sorry',
  'excited',
  'tired',
  'hungry',
  'cool',
  'fire',
  'rain',
  'sun',
  'night',
  'music',
  'sports',
  'win',
  'lose',
  'birthday',
  'holiday',
  'food',
  'pizza',
  'coffee',
  'work',
  'weekend',
  'monday',
  'friday',
  'laugh',
  'cry',
  'hug',
  'kiss',
  'clap',
  'wave',
  'shrug',
  'facepalm',
  'thumbs',
  'heart',
  'star',
  'rocket',
  'robot',
  'ghost',
  'magic',
  'rainbow',
  'ocean',
] as const;

/** GIFs inserted per statement: bounds each statement's trigger work (its transition tables). */
const CHUNK = 100_000;

/**
 * Fills the database with `count` ready GIF rows (titles and tags from `corpusWords`, varied
 * engagement and ages) and five rendition rows each, in one transaction of set-based
 * statements. The files do not exist: the benchmark measures the API, not media serving.
 *
 * Made the way a bulk load is (a million GIFs in minutes, where row by row into live indexes
 * took ~40): the indexes the load does not read are dropped and built again after it, in one
 * sort each; and each GIF's renditions go in before it, so the GIF row's own trigger writes
 * its listing with them once, instead of the renditions' trigger rewriting every GIF row
 * afterwards (which left the GIF table half dead rows). Every trigger that keeps derived data
 * (postings, counts, listings, channels) still runs as it does for any insert.
 */
export async function makeCorpus(db: Kysely<Database>, count: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
    const restore = [
      await dropIndexes(trx, 'gifs', false),
      await dropIndexes(trx, 'search_postings', true),
    ];
    for (let first = 1; first <= count; first += CHUNK) {
      const last = Math.min(count, first + CHUNK - 1);
      // Renditions before their GIFs: no trigger (so neither the renditions' listing trigger
      // nor the foreign-key check, which holds once the GIFs are in, before commit).
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await insertRenditions(trx, first, last);
      await sql`SET LOCAL session_replication_role = origin`.execute(trx);
      await insertGifs(trx, first, last);
    }
    for (const rebuild of restore) await rebuild();
  });
}

/** The GIFs bench<first> to bench<last>. */
async function insertGifs(db: Kysely<Database>, first: number, last: number): Promise<void> {
  const words = sql`(${[...corpusWords]}::text[])`;
  const n = corpusWords.length;
  await sql`
    INSERT INTO gifs (id, slug, title, alt_text, type, rating, tags, status, source_format, width, height,
      frames, view_count, click_count, created_at, ready_at)
    SELECT 'bench' || i, 'bench-' || i,
      initcap(${words}[1 + (i * 7) % ${n}] || ' ' || ${words}[1 + (i * 13) % ${n}]),
      '', CASE WHEN i % 5 = 0 THEN 'sticker' ELSE 'gif' END,
      (ARRAY['g', 'g', 'g', 'pg', 'pg-13', 'r'])[1 + i % 6],
      ARRAY[${words}[1 + (i * 7) % ${n}], ${words}[1 + (i * 13) % ${n}], ${words}[1 + (i * 29) % ${n}]],
      'ready', 'gif', 480, 270, 45, (i::bigint * 7919) % 10000, (i::bigint * 104729) % 500,
      now() - make_interval(secs => ((i::bigint * 37) % (86400 * 30))::int), now()
    FROM generate_series(${first}::int, ${last}::int) AS i`.execute(db);
}

/** The five renditions of each of the GIFs bench<first> to bench<last>. */
async function insertRenditions(db: Kysely<Database>, first: number, last: number): Promise<void> {
  await sql`
    INSERT INTO renditions (gif_id, name, format, width, height, frames, bytes, sha256, storage_key)
    SELECT g.id, r.name, r.format, r.width, r.height, 45, 123456, md5(g.id || r.name || r.format) || md5(g.id),
      'gifs/' || g.id || '/' || r.name || '.' || r.format
    FROM (SELECT 'bench' || i AS id FROM generate_series(${first}::int, ${last}::int) AS i) g,
      (VALUES ('original', 'gif', 480, 270), ('original', 'mp4', 480, 270), ('original', 'webp', 480, 270),
      ('fixed_width', 'gif', 200, 112), ('fixed_width', 'webp', 200, 112)) AS r(name, format, width, height)`.execute(
    db,
  );
}

/**
 * Drops the indexes of `table` that no constraint owns, and its primary key if `primaryKey`
 * (nothing in the load reads search_postings by key); returns what makes them again, as the
 * migrations defined them.
 */
async function dropIndexes(
  db: Kysely<Database>,
  table: string,
  primaryKey: boolean,
): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string; definition: string; constraint: string | null }>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition,
      CASE WHEN c.contype = 'p' THEN pg_get_constraintdef(c.oid) END AS constraint
    FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
    WHERE i.indrelid = ${table}::regclass
      AND (c.oid IS NULL OR (${primaryKey} AND c.contype = 'p'))`.execute(db);
  for (const { name, constraint } of rows) {
    if (constraint === null) await sql`DROP INDEX ${sql.raw(name)}`.execute(db);
    else
      await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.raw(name.replace(/^.*\./, ''))}`.execute(
        db,
      );
  }
  return async () => {
    for (const { name, definition, constraint } of rows) {
      if (constraint === null) await sql.raw(definition).execute(db);
      else
        await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.raw(name.replace(/^.*\./, ''))} ${sql.raw(constraint)}`.execute(
          db,
        );
    }
  };
}

/**
 * What autovacuum would do soon after a bulk load, done now so the first round does not measure
 * it: flush the full-text index's pending list, mark pages all-visible for index-only scans, and
 * give the planner statistics.
 */
export async function settleCorpus(db: Kysely<Database>): Promise<void> {
  for (const table of ['gifs', 'renditions', 'search_postings', 'search_posting_counts'])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
}
