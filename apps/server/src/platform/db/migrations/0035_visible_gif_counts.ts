import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** What makes a GIF row `r` count: the lists' own filter (GifListRepository's visible GIFs). */
const visible = (r: string) => `${r}.status = 'ready' AND ${r}.visibility = 'public'`;

/** Moves the counts by the (type, rating, delta) rows of `changes`, in key order. */
const addToCounts = (changes: string) => `
  INSERT INTO visible_gif_counts AS c (type, rating, n)
  SELECT type, rating, sum(delta) FROM ${changes}
  GROUP BY type, rating HAVING sum(delta) <> 0 ORDER BY type, rating
  ON CONFLICT (type, rating) DO UPDATE SET n = c.n + excluded.n`;

/**
 * How many GIFs each list may show, by type and rating, so a list's total (trending's
 * `pagination.total_count`) is a few rows instead of a count of the GIFs: at a million rows that
 * count was a parallel scan of the 1.1 GB `gifs` heap, 6.7 s and more.
 *
 * Kept by statement-level triggers on `gifs` like 0014's posting counts, so every way a GIF
 * becomes visible or stops being so (an upload turning ready, a takedown, a restore, a delete,
 * an edit of its rating, type or visibility, a restore from backup, a direct write) moves the
 * count in the same transaction: exact at any size. Each statement nets its old and new rows per
 * (type, rating) and writes only the rows whose count moved, in key order (two statements at once
 * take the rows' locks in the same order); an engagement or listing update nets to zero and
 * writes nothing. No column list on the UPDATE trigger: PostgreSQL refuses transition tables on
 * triggers with one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE visible_gif_counts (
      type text NOT NULL,
      rating text NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (type, rating)
    )`,
    `CREATE FUNCTION jiffy_sync_visible_gif_counts() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          WITH changes AS (SELECT type, rating, 1 AS delta FROM new_rows n WHERE ${visible('n')})
          ${addToCounts('changes')};
        ELSIF TG_OP = 'DELETE' THEN
          WITH changes AS (SELECT type, rating, -1 AS delta FROM old_rows o WHERE ${visible('o')})
          ${addToCounts('changes')};
        ELSE
          WITH changes AS (
            SELECT type, rating, 1 AS delta FROM new_rows n WHERE ${visible('n')}
            UNION ALL
            SELECT type, rating, -1 FROM old_rows o WHERE ${visible('o')})
          ${addToCounts('changes')};
        END IF;
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER gifs_visible_counts_insert AFTER INSERT ON gifs
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_visible_gif_counts()`,
    `CREATE TRIGGER gifs_visible_counts_update AFTER UPDATE ON gifs
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_visible_gif_counts()`,
    `CREATE TRIGGER gifs_visible_counts_delete AFTER DELETE ON gifs
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION jiffy_sync_visible_gif_counts()`,
    // GIFs that are already there (one count of them, here rather than on every list).
    `INSERT INTO visible_gif_counts (type, rating, n)
      SELECT type, rating, count(*) FROM gifs g WHERE ${visible('g')} GROUP BY type, rating`,
  ]);
}
