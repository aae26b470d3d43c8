import { sql, type Kysely } from 'kysely';
import type { Database, Rating } from '../../platform/db/schema.ts';
import type { PageRequest } from './gif-list.repository.ts';

/** A batch's searches of one term by one visitor (hashed) on one UTC day. */
export interface SearchVisitorCount {
  term: string;
  day: string;
  visitor: string;
  searches: number;
}

/** A term people searched: its most distinct visitors on one day, all searches, the latest. */
export interface TrendingCandidateRow {
  term: string;
  visitors: number;
  searches: number;
  last_searched_at: Date;
}

/** SQL behind discovery: search terms, tag autocomplete, related tags. */
export class DiscoveryRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Adds (term, GIF) sightings to today's counts; GIFs gone since are skipped. */
  async recordSurfaced(counts: (readonly [term: string, gifId: string, n: number])[]) {
    if (counts.length === 0) return;
    const values = sql.join(
      counts.map(([term, gifId, n]) => sql`(${term}, ${gifId}, ${n}::bigint)`),
    );
    await sql`
      INSERT INTO analytics_search_daily AS s (gif_id, day, term, user_id, surfaced)
      SELECT g.id, (now() AT TIME ZONE 'UTC')::date, v.term, g.user_id, v.n
      FROM (VALUES ${values}) AS v (term, gif_id, n) JOIN gifs g ON g.id = v.gif_id
      ON CONFLICT (gif_id, day, term) DO UPDATE SET surfaced = s.surfaced + excluded.surfaced`.execute(
      this.#db,
    );
  }

  /**
   * Adds searches to their (term, day, visitor) rows (one statement for the whole batch): a
   * visitor who searched a term again that day adds searches, not a visitor.
   */
  async recordSearchVisitors(rows: SearchVisitorCount[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db
      .insertInto('search_term_visitors')
      .values(rows.map(({ term, day, visitor, searches }) => ({ term, day, visitor, searches })))
      .onConflict((oc) =>
        oc.columns(['term', 'day', 'visitor']).doUpdateSet({
          searches: sql`search_term_visitors.searches + excluded.searches`,
          last_searched_at: sql`now()`,
        }),
      )
      .execute();
  }

  /** Forgets the visitors of days before `day` (`YYYY-MM-DD`): out of every window. */
  async forgetSearchVisitorsBefore(day: string): Promise<void> {
    await this.#db.deleteFrom('search_term_visitors').where('day', '<', day).execute();
  }

  /**
   * Terms searched (with GIFs found) on the `days` UTC days up to today, with the most distinct
   * visitors any one of those days had (visitors are only told apart within a day: see
   * SearchVisitorHasher), when that is at least `minVisitors`; most visitors first.
   */
  async trendingCandidates(options: {
    days: number;
    minVisitors: number;
    page: PageRequest;
  }): Promise<TrendingCandidateRow[]> {
    const { days, minVisitors, page } = options;
    const rows = await sql<TrendingCandidateRow>`
      WITH daily AS (
        SELECT term, day, count(*) AS visitors, sum(searches) AS searches,
          max(last_searched_at) AS last_searched_at
        FROM search_term_visitors
        WHERE day > (now() AT TIME ZONE 'UTC')::date - ${days}::int
        GROUP BY term, day
      )
      SELECT term, max(visitors)::int AS visitors, sum(searches)::int AS searches,
        max(last_searched_at) AS last_searched_at
      FROM daily
      GROUP BY term
      HAVING max(visitors) >= ${minVisitors}::int
      ORDER BY visitors DESC, searches DESC, last_searched_at DESC, term
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.#db);
    return rows.rows;
  }

  /**
   * Tags of ready GIFs (of `ratings`; null: any) that start with `prefix`, then ones that merely
   * look like it (typos), each with how many GIFs carry it.
   */
  async completeTag(
    prefix: string,
    page: PageRequest,
    ratings: Rating[] | null,
  ): Promise<{ name: string; count: number }[]> {
    const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await sql<{ name: string; count: number; starts: boolean }>`
      SELECT tag AS name, count(*)::int AS count, bool_or(tag LIKE ${like}) AS starts
      FROM gifs, unnest(gifs.tags) AS tag
      WHERE gifs.status = 'ready' AND gifs.visibility = 'public' AND (tag LIKE ${like} OR similarity(tag, ${prefix}) > 0.3)
        AND (${ratings}::text[] IS NULL OR gifs.rating = ANY(${ratings}::text[]))
      GROUP BY tag
      ORDER BY starts DESC, count DESC, similarity(tag, ${prefix}) DESC, tag
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.#db);
    return rows.rows.map(({ name, count }) => ({ name, count }));
  }

  /**
   * Tags of ready public GIFs of one type and of `ratings` that look like `term` (begin with it
   * or are spelled nearly alike: trigram similarity over 0.3), most alike first, then the most
   * used; `term` itself is left out. A search that found nothing suggests them ("Did you mean").
   */
  async similarTags(options: {
    term: string;
    type: 'gif' | 'sticker';
    ratings: Rating[];
    page: PageRequest;
  }): Promise<string[]> {
    const { term, type, ratings, page } = options;
    const like = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await sql<{ name: string }>`
      SELECT tag AS name
      FROM gifs, unnest(gifs.tags) AS tag
      WHERE gifs.status = 'ready' AND gifs.visibility = 'public' AND gifs.type = ${type}
        AND gifs.rating = ANY(${ratings}::text[])
        AND tag <> ${term} AND (tag LIKE ${like} OR similarity(tag, ${term}) > 0.3)
      GROUP BY tag
      ORDER BY similarity(tag, ${term}) DESC, count(*) DESC, tag
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.#db);
    return rows.rows.map((row) => row.name);
  }

  /** The tags on most ready public GIFs of one type and of `ratings`, most used first. */
  async mostUsedTags(options: {
    type: 'gif' | 'sticker';
    ratings: Rating[];
    page: PageRequest;
  }): Promise<string[]> {
    const { type, ratings, page } = options;
    const rows = await sql<{ name: string }>`
      SELECT tag AS name
      FROM gifs, unnest(gifs.tags) AS tag
      WHERE gifs.status = 'ready' AND gifs.visibility = 'public' AND gifs.type = ${type}
        AND gifs.rating = ANY(${ratings}::text[])
      GROUP BY tag
      ORDER BY count(*) DESC, tag
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.#db);
    return rows.rows.map((row) => row.name);
  }

  /**
   * Tags that appear with `tag` on ready GIFs (of one type, of some ratings, when `only` says);
   * score is the share of its GIFs they appear on.
   */
  async relatedTags(
    tag: string,
    page: PageRequest,
    only?: { type?: 'gif' | 'sticker'; ratings?: Rating[] },
  ): Promise<{ name: string; score: number }[]> {
    const type = only?.type ?? null;
    const ratings = only?.ratings ?? null;
    const rows = await sql<{ name: string; score: number }>`
      WITH tagged AS (
        SELECT tags FROM gifs
        WHERE status = 'ready' AND visibility = 'public' AND ${tag} = ANY(tags)
          AND (${type}::text IS NULL OR type = ${type})
          AND (${ratings}::text[] IS NULL OR rating = ANY(${ratings}::text[]))
      )
      SELECT other AS name, round(count(*)::numeric / (SELECT count(*) FROM tagged), 3)::float8 AS score
      FROM tagged, unnest(tagged.tags) AS other
      WHERE other <> ${tag}
      GROUP BY other
      ORDER BY score DESC, other
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.#db);
    return rows.rows;
  }

  /**
   * The most used tags of ready GIFs of `ratings`, as categories, each with its most engaging
   * GIFs, most engaging first: up to `covers` candidates for the category's picture. Only tags
   * on at least `minGifs` GIFs qualify.
   */
  async topTags(options: {
    page: PageRequest;
    minGifs: number;
    ratings: Rating[];
    covers: number;
    exclude?: string[];
  }): Promise<{ name: string; gifIds: string[] }[]> {
    const exclude = options.exclude ?? [];
    const rows = await sql<{ name: string; gif_ids: string[] }>`
      WITH tagged AS (
        SELECT tag, gifs.id, gifs.view_count + 2 * gifs.click_count + 3 * (gifs.share_count + gifs.favorite_count) AS engagement
        FROM gifs, unnest(gifs.tags) AS tag
        WHERE gifs.status = 'ready' AND gifs.visibility = 'public' AND gifs.type = 'gif'
          AND gifs.rating = ANY(${options.ratings}::text[])
          AND NOT (tag = ANY(${exclude}::text[]))
      ), counted AS (
        SELECT tag, count(*) AS n FROM tagged GROUP BY tag HAVING count(*) >= ${options.minGifs}
      ), listed AS (
        SELECT tag, n FROM counted
        ORDER BY n DESC, tag
        LIMIT ${options.page.limit} OFFSET ${options.page.offset}
      )
      SELECT listed.tag AS name,
        ARRAY(SELECT t.id FROM tagged t WHERE t.tag = listed.tag ORDER BY t.engagement DESC, t.id LIMIT ${options.covers}) AS gif_ids
      FROM listed
      ORDER BY listed.n DESC, listed.tag`.execute(this.#db);
    return rows.rows.map((r) => ({ name: r.name, gifIds: r.gif_ids }));
  }
}
