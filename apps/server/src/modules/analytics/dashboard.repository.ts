import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { daySpans } from './day-spans.ts';

export interface Counts {
  views: number;
  clicks: number;
  shares: number;
  favorites: number;
}
export interface DayCounts extends Counts {
  day: string;
}
export interface SourceCounts extends Counts {
  source: string;
  /** The API key's name, for `api:<key>` sources. */
  key_name: string | null;
}
export interface GifCounts extends Counts {
  gif_id: string;
  title: string;
  slug: string;
}

/** What one dashboard reads: a creator's roll-ups from `since` (a UTC day), maybe of one GIF. */
export interface DashboardScope {
  userId: string;
  since: string;
  gifId?: string | undefined;
}

const sums = sql`sum(views)::int AS views, sum(clicks)::int AS clicks,
  sum(shares)::int AS shares, sum(favorites)::int AS favorites`;

/**
 * Reads the roll-ups only, never raw events, each query a few index ranges. A creator's days
 * and sources come from `analytics_creator_daily` (about 4 rows a day however many GIFs they
 * have), their top GIFs from `analytics_gif_spans` (a row per GIF per span of the window), one
 * GIF's figures from `analytics_daily`.
 */
export class DashboardRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #where(scope: DashboardScope) {
    return sql`user_id = ${scope.userId} AND day >= ${scope.since}::date
      ${scope.gifId ? sql`AND gif_id = ${scope.gifId}` : sql``}`;
  }

  /** The per-creator roll-up when the scope is all of a creator's GIFs. */
  #daily(scope: DashboardScope) {
    return sql.table(scope.gifId ? 'analytics_daily' : 'analytics_creator_daily');
  }

  async byDay(scope: DashboardScope): Promise<DayCounts[]> {
    const { rows } = await sql<DayCounts>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, ${sums} FROM ${this.#daily(scope)}
      WHERE ${this.#where(scope)} GROUP BY day ORDER BY day`.execute(this.#db);
    return rows;
  }

  async bySource(scope: DashboardScope): Promise<SourceCounts[]> {
    const { rows } = await sql<SourceCounts>`
      SELECT s.*, k.name AS key_name FROM (
        SELECT source, ${sums} FROM ${this.#daily(scope)} WHERE ${this.#where(scope)}
        GROUP BY source
      ) s LEFT JOIN api_keys k ON s.source = 'api:' || k.key
      ORDER BY s.views DESC, s.source`.execute(this.#db);
    return rows;
  }

  /**
   * The creator's most viewed GIFs that anyone can open (ready: a taken-down, held or failed
   * GIF's page is a 404, so it is no top GIF), with their current title and slug. The filter
   * comes before the limit, so a takedown leaves ten GIFs listed, not nine: one primary-key
   * look-up per GIF the window counted (the creator's GIFs seen in it), not only the ten.
   */
  async topGifs(scope: DashboardScope, limit: number): Promise<GifCounts[]> {
    const { rows } = await sql<GifCounts>`
      SELECT t.*, g.title, g.slug FROM (
        SELECT gif_id, ${sums} FROM ${scope.gifId ? sql`analytics_daily WHERE ${this.#where(scope)}` : this.#spans(scope)}
        GROUP BY gif_id
      ) t JOIN gifs g ON g.id = t.gif_id AND g.status = 'ready'
      ORDER BY t.views DESC, t.gif_id LIMIT ${limit}`.execute(this.#db);
    return rows;
  }

  /**
   * A creator's counts per GIF from `since` as the few aligned spans of `analytics_gif_spans`
   * the window is cut into (one row per GIF each), each one range of its covering primary key.
   * A lateral join over the spans, not a UNION ALL of them: PostgreSQL runs a union's branches
   * with parallel workers, whose start-up cost more than the query on a busy server
   * (bench:analytics: 30 ms, up to 160, against 9 to 11). The window runs to tomorrow: a
   * pingback's time may be up to a day ahead, and the other queries have no upper bound either.
   */
  #spans(scope: DashboardScope) {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const spans = daySpans(scope.since, tomorrow);
    return sql`unnest(${spans.map((s) => s.span)}::int[], ${spans.map((s) => s.start)}::date[])
        AS w(span, start)
      CROSS JOIN LATERAL (
        SELECT gif_id, views, clicks, shares, favorites FROM analytics_gif_spans g
        WHERE g.user_id = ${scope.userId} AND g.span = w.span AND g.start = w.start
      ) AS spans`;
  }

  /** The search terms that showed the creator's GIFs, most first. */
  async searches(
    scope: DashboardScope,
    limit: number,
  ): Promise<{ term: string; surfaced: number; gifs: number }[]> {
    // Per (term, GIF) first, then per term: two hash aggregates, where count(DISTINCT gif_id)
    // sorted every row by term (a 1,000-GIF creator's month: ~38 ms against ~15).
    const { rows } = await sql<{ term: string; surfaced: number; gifs: number }>`
      SELECT term, sum(surfaced)::int AS surfaced, count(*)::int AS gifs FROM (
        SELECT term, gif_id, sum(surfaced) AS surfaced
        FROM analytics_search_daily WHERE ${this.#where(scope)} GROUP BY term, gif_id
      ) s
      GROUP BY term ORDER BY sum(surfaced) DESC, term LIMIT ${limit}`.execute(this.#db);
    return rows;
  }

  /** The creator's uploads not showing: processing, failed, held or taken down, with why. */
  async unlisted(userId: string, limit: number) {
    const { rows } = await sql<{
      id: string;
      title: string;
      status: string;
      reason: string | null;
      created_at: Date;
    }>`
      SELECT g.id, g.title, g.status, g.created_at,
        CASE g.status
          WHEN 'failed' THEN coalesce(g.failure_message, g.failure_code)
          WHEN 'removed' THEN (SELECT t.reason FROM gif_takedowns t WHERE t.gif_id = g.id
                               ORDER BY t.created_at DESC LIMIT 1)
        END AS reason
      FROM gifs g
      WHERE g.user_id = ${userId} AND g.status IN ('processing', 'pending_review', 'failed', 'removed')
      ORDER BY g.created_at DESC LIMIT ${limit}`.execute(this.#db);
    return rows;
  }
}
