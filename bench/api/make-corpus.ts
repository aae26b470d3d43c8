import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.ts';

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

/**
 * Fills the database with `count` ready GIF rows (titles and tags from `corpusWords`, varied
 * engagement and ages) and five rendition rows each, in a few set-based statements. The files
 * do not exist: the benchmark measures the API, not media serving.
 */
export async function makeCorpus(db: Kysely<Database>, count: number): Promise<void> {
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
    FROM generate_series(1, ${count}) AS i`.execute(db);
  await sql`
    INSERT INTO renditions (gif_id, name, format, width, height, frames, bytes, sha256, storage_key)
    SELECT g.id, r.name, r.format, r.width, r.height, 45, 123456, md5(g.id || r.name || r.format) || md5(g.id),
      'gifs/' || g.id || '/' || r.name || '.' || r.format
    FROM gifs g, (VALUES ('original', 'gif', 480, 270), ('original', 'mp4', 480, 270), ('original', 'webp', 480, 270),
      ('fixed_width', 'gif', 200, 112), ('fixed_width', 'webp', 200, 112)) AS r(name, format, width, height)
    WHERE g.id LIKE 'bench%'`.execute(db);
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
