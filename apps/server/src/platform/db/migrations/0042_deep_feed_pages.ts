import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A channel feed's page at an offset skipped every GIF before it by reading its GIF row: the
 * rows a feed shows (ready and public) are only known from gifs. At 5,000 deep in a channel of
 * 6,000, PostgreSQL hashed the whole gifs table instead (188 ms at 100,000 GIFs); read in
 * order it fetches 5,000 GIF rows. Each channel row now says whether its GIF is shown, kept by
 * triggers, and an index holds only the shown ones in the manual order, so a page skips its
 * offset in index entries alone. A root channel's feed (its owner's uploads, newest first) gets
 * the same from an index of shown GIFs by owner, time and id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE channel_gifs ADD COLUMN gif_shown boolean NOT NULL DEFAULT false`,
    `UPDATE channel_gifs cg SET gif_shown = true FROM gifs
      WHERE gifs.id = cg.gif_id AND gifs.status = 'ready' AND gifs.visibility = 'public'`,
    // A row joins shown or not as its GIF is; whoever inserts it need not know.
    `CREATE FUNCTION jiffy_channel_gif_shown() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.gif_shown := EXISTS (SELECT 1 FROM gifs WHERE id = NEW.gif_id
        AND status = 'ready' AND visibility = 'public');
      RETURN NEW;
    END $$`,
    `CREATE TRIGGER channel_gifs_shown BEFORE INSERT ON channel_gifs FOR EACH ROW
      EXECUTE FUNCTION jiffy_channel_gif_shown()`,
    // A GIF that is shown or stops being shown (ready, taken down, made private) says so in
    // every channel it is in, in the statement that changes it.
    `CREATE FUNCTION jiffy_gif_shown_in_channels() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE channel_gifs SET gif_shown = (NEW.status = 'ready' AND NEW.visibility = 'public')
      WHERE gif_id = NEW.id
        AND gif_shown IS DISTINCT FROM (NEW.status = 'ready' AND NEW.visibility = 'public');
      RETURN NULL;
    END $$`,
    `CREATE TRIGGER gifs_shown_in_channels AFTER UPDATE OF status, visibility ON gifs
      FOR EACH ROW
      WHEN ((OLD.status = 'ready' AND OLD.visibility = 'public')
        IS DISTINCT FROM (NEW.status = 'ready' AND NEW.visibility = 'public'))
      EXECUTE FUNCTION jiffy_gif_shown_in_channels()`,
    `CREATE INDEX channel_gifs_shown ON channel_gifs (channel_id, position, gif_id)
      WHERE gif_shown`,
    `CREATE INDEX gifs_shown_by_user ON gifs (user_id, created_at DESC, id)
      WHERE status = 'ready' AND visibility = 'public'`,
  ]);
}
