import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A creator's linked Spotify artist page (`https://open.spotify.com/artist/<id>`) and the
 * artist's name as Spotify's oEmbed gave it when the link was saved, so a profile view needs
 * no call to Spotify.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE users ADD COLUMN spotify_url text`,
    `ALTER TABLE users ADD COLUMN spotify_artist_name text`,
  ]);
}
