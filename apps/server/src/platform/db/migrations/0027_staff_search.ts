import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Staff search and its CSV export read every GIF, whatever its status, newest first, and page
 * the export by (created_at, id): this index serves both without a sort of the whole table per
 * page. Each found GIF counts its flags, open or not; the flags' only gif_id index was partial.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE INDEX gifs_created_id_idx ON gifs (created_at DESC, id DESC)`,
    `CREATE INDEX gif_flags_gif_idx ON gif_flags (gif_id)`,
  ]);
}
