import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/platform/db/schema.ts';

/** The bench's creator: one user, whose root channel the users trigger makes. */
export const BENCH_USER = { id: 'benchcreator', username: 'benchcreator' };

/**
 * `count` ready public GIFs of the bench's creator, tagged `tag`, with their renditions, in
 * set-based statements (the files do not exist: the bench measures the API). Their listed JSON
 * is kept by the row trigger of migration 0016, as for an upload.
 */
export async function makeCreatorGifs(
  db: Kysely<Database>,
  options: { count: number; tag: string },
): Promise<void> {
  await sql`
    INSERT INTO gifs (id, slug, title, alt_text, type, rating, tags, status, source_format, width, height,
      frames, user_id, created_at, ready_at)
    SELECT 'chan' || i, 'chan-' || i, 'Channel GIF ' || i, '', 'gif', 'g',
      ARRAY[${options.tag}, 'tag' || (i % 20)], 'ready', 'gif', 480, 270, 45, ${BENCH_USER.id},
      now() - make_interval(secs => i), now()
    FROM generate_series(1, ${options.count}) AS i`.execute(db);
  await sql`
    INSERT INTO renditions (gif_id, name, format, width, height, frames, bytes, sha256, storage_key)
    SELECT g.id, r.name, r.format, r.width, r.height, 45, 123456, md5(g.id || r.name || r.format) || md5(g.id),
      'gifs/' || g.id || '/' || r.name || '.' || r.format
    FROM gifs g, (VALUES ('original', 'gif', 480, 270), ('original', 'mp4', 480, 270), ('original', 'webp', 480, 270),
      ('fixed_width', 'gif', 200, 112), ('fixed_width', 'webp', 200, 112)) AS r(name, format, width, height)
    WHERE g.user_id = ${BENCH_USER.id}`.execute(db);
}

/** Puts every GIF of the creator into the channel by hand, in a manual order. */
export async function fillChannel(db: Kysely<Database>, channelId: number): Promise<void> {
  await sql`INSERT INTO channel_gifs (channel_id, gif_id, position, by_hand)
    SELECT ${channelId}, id, row_number() OVER (ORDER BY created_at DESC, id), true
    FROM gifs WHERE user_id = ${BENCH_USER.id}`.execute(db);
}

/** What autovacuum would do soon after a bulk load, done now so no round measures it. */
export async function settle(db: Kysely<Database>): Promise<void> {
  for (const table of ['gifs', 'renditions', 'channel_gifs', 'channels'])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
}
