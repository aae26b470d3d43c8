import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A rendition that is another's bytes (original_mp4 is original's MP4, downsized is usually
 * original's GIF) has no file of its own: its row's storage key is the file it shares. Its URL
 * must name that file, or it answers 404 from a bucket, which holds only stored files. The
 * listing a GIF row carries (0015, 0016) now ends such a rendition's entry with that storage
 * key; a rendition with its own file keeps the seven values, so listings grow only by the few
 * aliases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE OR REPLACE FUNCTION jiffy_rendition_list(gif text) RETURNS json
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT coalesce(json_agg(CASE
            WHEN r.storage_key = 'gifs/' || r.gif_id || '/' || r.name || '.' || r.format
              THEN json_build_array(r.name, r.format, r.width, r.height, r.frames, r.bytes,
                r.sha256)
            ELSE json_build_array(r.name, r.format, r.width, r.height, r.frames, r.bytes,
              r.sha256, r.storage_key)
          END ORDER BY r.name, r.format), '[]')
        FROM renditions r WHERE r.gif_id = gif
      $$`,
    // GIFs that already have renditions.
    `UPDATE gifs g SET listed_json = jiffy_listed_gif(g)
      WHERE g.id IN (SELECT gif_id FROM renditions)`,
  ]);
}
