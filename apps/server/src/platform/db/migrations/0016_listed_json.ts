import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// What a GIF object shows of a GIF row, and of its uploader. These lists must stay in the order
// of shownGifColumns and shownUserColumns (gif.presenter.ts), which read them by position:
// listed-json.http.test.ts checks that they do. They are copies, not imports: a shipped migration
// never changes, so a column shown later takes a new migration that redefines the functions.
const gifColumns = [
  'id',
  'slug',
  'type',
  'title',
  'alt_text',
  'rating',
  'source_post_url',
  'tags',
  'user_id',
  'created_at',
  'trending_at',
  'cta_link',
  'cta_text',
];
const userColumns = [
  'id',
  'username',
  'display_name',
  'description',
  'avatar_key',
  'website_url',
  'instagram_url',
  'is_verified',
  'is_public',
  'suppress_chrome',
  'attribution_display_name',
];

const tupleOf = (row: string, columns: string[]) =>
  columns.map((column) => `${row}.${column}`).join(', ');

/** Rewrites the listing of the GIFs `changed` (SQL over a trigger's transition tables) names. */
const relist = (changed: string) =>
  `UPDATE gifs g SET listed_json = jiffy_listed_gif(g) WHERE g.id IN (${changed})`;

/**
 * Each GIF row and user row carries what a listed GIF object shows of it as one compact JSON
 * array text (`listed_json`): for a GIF, its shown columns then its renditions (as 0015's
 * rendition_list, which this replaces). A page of GIFs then reads a column per GIF and one per
 * uploader instead of building JSON from some twenty-five columns on every read, which was about
 * a fifth of a search statement's time (25 GIFs).
 *
 * A row trigger writes it when a listed column is set (not when engagement counters move, which
 * is far more often); the statement triggers on renditions (0015) now rewrite it instead of
 * rendition_list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE gifs ADD COLUMN listed_json text`,
    `ALTER TABLE users ADD COLUMN listed_json text`,
    `CREATE FUNCTION jiffy_listed_gif(g gifs) RETURNS text
      LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT json_build_array(${tupleOf('g', gifColumns)}, jiffy_rendition_list(g.id))::text
      $$`,
    `CREATE FUNCTION jiffy_keep_listed_gif() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        NEW.listed_json := jiffy_listed_gif(NEW);
        RETURN NEW;
      END $$`,
    `CREATE TRIGGER gifs_listed_json BEFORE INSERT OR UPDATE OF ${gifColumns.join(', ')}
      ON gifs FOR EACH ROW EXECUTE FUNCTION jiffy_keep_listed_gif()`,
    `CREATE FUNCTION jiffy_keep_listed_user() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        NEW.listed_json := json_build_array(${tupleOf('NEW', userColumns)})::text;
        RETURN NEW;
      END $$`,
    `CREATE TRIGGER users_listed_json BEFORE INSERT OR UPDATE OF ${userColumns.join(', ')}
      ON users FOR EACH ROW EXECUTE FUNCTION jiffy_keep_listed_user()`,
    `CREATE OR REPLACE FUNCTION jiffy_sync_rendition_list() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${relist('SELECT gif_id FROM new_rows')};
        ELSIF TG_OP = 'DELETE' THEN
          ${relist('SELECT gif_id FROM old_rows')};
        ELSE
          ${relist('SELECT gif_id FROM new_rows UNION SELECT gif_id FROM old_rows')};
        END IF;
        RETURN NULL;
      END $$`,
    // Rows already there (setting listed_json alone fires neither row trigger).
    `UPDATE gifs g SET listed_json = jiffy_listed_gif(g)`,
    `UPDATE users u SET listed_json = json_build_array(${tupleOf('u', userColumns)})::text`,
    `ALTER TABLE gifs ALTER COLUMN listed_json SET NOT NULL`,
    `ALTER TABLE users ALTER COLUMN listed_json SET NOT NULL`,
    `ALTER TABLE gifs DROP COLUMN rendition_list`,
  ]);
}
