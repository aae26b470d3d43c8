import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** How a stream's raw events become roll-up rows: a SELECT of (gif_id, day, source, counts). */
type Stream = 'pingback' | 'site';

/**
 * Folds raw events into `analytics_daily` (per GIF, per UTC day, per source) and forgets raw
 * events past their retention. Each step reads a range of event ids above the stream's
 * watermark and moves the watermark in the same transaction as the counts: a crash before the
 * commit leaves both untouched, one after it leaves both done, so nothing is counted twice.
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
   * Deletes raw events older than `days` that are already rolled up (never one above the
   * watermark), at most `batch` per call; resolves to how many went.
   */
  async forget(stream: Stream, days: number, batch: number): Promise<number> {
    const table = sql.table(stream === 'pingback' ? 'pingback_events' : 'site_events');
    const result = await sql`
      DELETE FROM ${table} WHERE id IN (
        SELECT id FROM ${table}
        WHERE received_at < now() - make_interval(days => ${days})
          AND id <= (SELECT last_id FROM analytics_watermarks WHERE stream = ${stream})
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
