import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Rewrites the list of the GIFs `changed` (SQL over the trigger's transition tables) names. */
const refresh = (changed: string) =>
  `UPDATE gifs g SET rendition_list = jiffy_rendition_list(g.id) WHERE g.id IN (${changed})`;

/**
 * Each GIF row carries its renditions as one compact JSON array (`rendition_list`: name, format,
 * width, height, frames, bytes, sha256 per file), kept by statement-level triggers on
 * `renditions`. A list of GIFs then reads one column per GIF instead of aggregating its rendition
 * rows into JSON on every read, which cost about 40% of a search page's database time with five
 * renditions per GIF, and grows with every rendition an upload makes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE gifs ADD COLUMN rendition_list json NOT NULL DEFAULT '[]'`,
    `CREATE FUNCTION jiffy_rendition_list(gif text) RETURNS json
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT coalesce(json_agg(json_build_array(r.name, r.format, r.width, r.height, r.frames,
          r.bytes, r.sha256) ORDER BY r.name, r.format), '[]')
        FROM renditions r WHERE r.gif_id = gif
      $$`,
    `CREATE FUNCTION jiffy_sync_rendition_list() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${refresh('SELECT gif_id FROM new_rows')};
        ELSIF TG_OP = 'DELETE' THEN
          ${refresh('SELECT gif_id FROM old_rows')};
        ELSE
          ${refresh('SELECT gif_id FROM new_rows UNION SELECT gif_id FROM old_rows')};
        END IF;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER renditions_list_insert AFTER INSERT ON renditions
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_rendition_list()`,
    `CREATE TRIGGER renditions_list_update AFTER UPDATE ON renditions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_rendition_list()`,
    `CREATE TRIGGER renditions_list_delete AFTER DELETE ON renditions
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_rendition_list()`,
    // GIFs that already have renditions.
    refresh('SELECT gif_id FROM renditions'),
  ]);
}
