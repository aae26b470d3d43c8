import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** How a stream's raw events become roll-up rows: a SELECT of (gif_id, day, source, counts). */
type Stream = 'pingback' | 'site';

/**
 * Folds raw events into `analytics_daily` (per GIF, per UTC day, per source; its triggers keep
 * the creators' roll-ups) and rolled-up pingbacks into the GIFs' engagement counters, and
 * forgets raw events past their retention. Each step reads a range of event ids above the
 * stream's watermark and moves the watermark in the same transaction as the counts: a crash
 * before the commit leaves both untouched, one after it leaves both done, so nothing is
 * counted twice.
 *
 * Ids come from a sequence, so an id can become visible after a higher one (a slower
 * transaction). Only events received more than `lagSeconds` ago close a range, so a range ends
 * below any insert still in flight unless that insert has been running longer than the lag.
 */
export class RollupRepository {
  readonly #db: Kysely<Database>;
  readonly #lagSeconds: number;
  constructor(db: Kysely<Database>, options: { lagSeconds: number }) {
    this.#db = db;
    this.#lagSeconds = options.lagSeconds;
  }

  /** Rolls up at most `batch` events of a stream; resolves to how many ids the range held. */
  async step(stream: Stream, batch: number): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const mark = await sql<{ last_id: string }>`
        SELECT last_id FROM analytics_watermarks WHERE stream = ${stream} FOR UPDATE`.execute(trx);
      const last = Number(mark.rows[0]?.last_id ?? 0);
      const table = sql.table(stream === 'pingback' ? 'pingback_events' : 'site_events');
      const range = await sql<{ upto: string | null }>`
        SELECT max(id) AS upto FROM (
          SELECT id FROM ${table}
          WHERE id > ${last}
            AND received_at <= now() - make_interval(secs => ${this.#lagSeconds})
          ORDER BY id LIMIT ${batch}
        ) s`.execute(trx);
      const upto = range.rows[0]?.upto;
      if (upto === null || upto === undefined) return 0;
      await (stream === 'pingback' ? foldPingbacks : foldEmbedEvents)(trx, last, Number(upto));
      await sql`UPDATE analytics_watermarks SET last_id = ${upto}, rolled_up_at = now()
        WHERE stream = ${stream}`.execute(trx);
      return Number(upto) - last;
    });
  }

  /**
   * Adds at most `batch` rolled-up pingbacks to the GIFs' engagement counters and moves the
   * counters' own watermark (`counters_last_id`) in the same transaction: exactly once, like
   * the roll-ups. Only ids the roll-up has closed are counted (its lag covers inserts in
   * flight). A range of its own, larger than a roll-up step, because the cost is per GIF: each
   * GIF's counter change rescores its search postings (about 11 rows) and rewrites its row, so
   * a range as large as a roll-up period's events costs one rescoring per active GIF, not one
   * per step. Resolves to how many ids the range held.
   */
  async count(batch: number): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const mark = await sql<{ last_id: string; counters_last_id: string }>`
        SELECT last_id, counters_last_id FROM analytics_watermarks
        WHERE stream = 'pingback' FOR UPDATE`.execute(trx);
      const counted = Number(mark.rows[0]?.counters_last_id ?? 0);
      const upto = Math.min(Number(mark.rows[0]?.last_id ?? 0), counted + batch);
      if (upto <= counted) return 0;
      await addToCounters(trx, counted, upto);
      await sql`UPDATE analytics_watermarks SET counters_last_id = ${upto}
        WHERE stream = 'pingback'`.execute(trx);
      return upto - counted;
    });
  }

  /**
   * Deletes raw events older than `days` that are already rolled up (never one above the
   * watermark) and, for pingbacks, in the GIFs' counters, at most `batch` per call; resolves to
   * how many went.
   */
  async forget(stream: Stream, days: number, batch: number): Promise<number> {
    const table = sql.table(stream === 'pingback' ? 'pingback_events' : 'site_events');
    const done =
      stream === 'pingback'
        ? sql`SELECT least(last_id, counters_last_id) FROM analytics_watermarks
            WHERE stream = 'pingback'`
        : sql`SELECT last_id FROM analytics_watermarks WHERE stream = ${stream}`;
    const result = await sql`
      DELETE FROM ${table} WHERE id IN (
        SELECT id FROM ${table}
        WHERE received_at < now() - make_interval(days => ${days}) AND id <= (${done})
        LIMIT ${batch}
      )`.execute(this.#db);
    return Number(result.numAffectedRows ?? 0);
  }
}

/** SEEN, CLICK, SENT and FAVORITE pingbacks as views, clicks, shares and favorites. */
async function foldPingbacks(trx: Transaction<Database>, last: number, upto: number) {
  await sql`
    INSERT INTO analytics_daily AS d (gif_id, day, source, user_id, views, clicks, shares, favorites)
    SELECT e.gif_id, e.day, e.src, g.user_id,
      count(*) FILTER (WHERE e.action_type = 'SEEN'),
      count(*) FILTER (WHERE e.action_type = 'CLICK'),
      count(*) FILTER (WHERE e.action_type = 'SENT'),
      count(*) FILTER (WHERE e.action_type = 'FAVORITE')
    FROM (
      SELECT gif_id, action_type, (occurred_at AT TIME ZONE 'UTC')::date AS day,
        CASE
          WHEN source IS NULL THEN 'site'
          -- A key nobody issued is not an app to show a creator.
          WHEN source LIKE 'api:%'
            AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.key = substr(source, 5)) THEN 'other'
          ELSE source
        END AS src
      FROM pingback_events
      WHERE id > ${last} AND id <= ${upto}
        AND action_type IN ('SEEN', 'CLICK', 'SENT', 'FAVORITE')
    ) e
    JOIN gifs g ON g.id = e.gif_id
    GROUP BY e.gif_id, e.day, e.src, g.user_id
    ON CONFLICT (gif_id, day, source) DO UPDATE SET
      views = d.views + excluded.views,
      clicks = d.clicks + excluded.clicks,
      shares = d.shares + excluded.shares,
      favorites = d.favorites + excluded.favorites`.execute(trx);
}

/**
 * Adds the range's SEEN, CLICK, SENT and FAVORITE pingbacks to the GIFs' view, click, share and
 * favorite counters (ranking, GIF objects, a user's views), one `UPDATE` for the range: the
 * search postings' trigger then rescores each GIF once per range, not once per request. The
 * GIFs are locked in id order first, so another statement updating several of them cannot
 * deadlock with this one.
 */
async function addToCounters(trx: Transaction<Database>, after: number, upto: number) {
  const range = sql`SELECT gif_id, action_type FROM pingback_events
    WHERE id > ${after} AND id <= ${upto} AND action_type IN ('SEEN', 'CLICK', 'SENT', 'FAVORITE')`;
  await sql`SELECT id FROM gifs WHERE id IN (SELECT gif_id FROM (${range}) e)
    ORDER BY id FOR NO KEY UPDATE`.execute(trx);
  await sql`
    UPDATE gifs g SET view_count = g.view_count + d.views, click_count = g.click_count + d.clicks,
      share_count = g.share_count + d.shares, favorite_count = g.favorite_count + d.favorites
    FROM (
      SELECT gif_id,
        count(*) FILTER (WHERE action_type = 'SEEN') AS views,
        count(*) FILTER (WHERE action_type = 'CLICK') AS clicks,
        count(*) FILTER (WHERE action_type = 'SENT') AS shares,
        count(*) FILTER (WHERE action_type = 'FAVORITE') AS favorites
      FROM (${range}) e GROUP BY gif_id
    ) d
    WHERE g.id = d.gif_id`.execute(trx);
}

/**
 * The embed player's events (category `Embed`): `View` is a view, `Click` on `Share` a share,
 * any other `Click` a click. Site page views are not GIF views (the GIFs on a page report
 * their own SEEN pingbacks), so other categories count nothing.
 */
async function foldEmbedEvents(trx: Transaction<Database>, last: number, upto: number) {
  await sql`
    INSERT INTO analytics_daily AS d (gif_id, day, source, user_id, views, clicks, shares, favorites)
    SELECT e.gif_id, (e.occurred_at AT TIME ZONE 'UTC')::date, 'embed', g.user_id,
      count(*) FILTER (WHERE e.action = 'View'),
      count(*) FILTER (WHERE e.action = 'Click' AND e.label <> 'Share'),
      count(*) FILTER (WHERE e.action = 'Click' AND e.label = 'Share'),
      0
    FROM site_events e
    JOIN gifs g ON g.id = e.gif_id
    WHERE e.id > ${last} AND e.id <= ${upto} AND e.category = 'Embed'
      AND e.action IN ('View', 'Click')
    GROUP BY e.gif_id, (e.occurred_at AT TIME ZONE 'UTC')::date, g.user_id
    ON CONFLICT (gif_id, day, source) DO UPDATE SET
      views = d.views + excluded.views,
      clicks = d.clicks + excluded.clicks,
      shares = d.shares + excluded.shares`.execute(trx);
}
