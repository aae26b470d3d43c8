import { sql, type Kysely } from 'kysely';
import type { Database, GifRow } from '../../platform/db/schema.ts';

/** A GIF row with its uploader's names (null when it has none). */
export type GifWithUploader = GifRow & {
  username: string | null;
  display_name: string | null;
};

/** Counts kept elsewhere than the GIF row, for the extended metadata. */
export interface GifTallies {
  favorites: number;
  reports: number;
  open_reports: number;
}

/** One audit log entry about a GIF. */
export interface GifHistoryEntry {
  gif_id: string;
  action: string;
  actor_user_id: string | null;
  actor_username: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
}

/** A ready GIF's place in its type's trending list. */
export interface TrendingPlace {
  id: string;
  trending_score: number;
  trending_at: Date | null;
  /** 1-based place among ready GIFs of its type; null past `top`. */
  rank: number | null;
}

/** The renditions a grid of one's own GIFs shows, most preferred first (small, then any). */
const PREVIEW_NAMES = ['fixed_width', 'fixed_width_small', 'fixed_width_still', 'original'];

/** The SQL of the metadata calls: read-only looks at GIFs, their tags, tallies and history. */
export class GifMetadataRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The listed GIFs (any status) with their uploaders; absent ids are left out. */
  withUploaders(ids: string[]): Promise<GifWithUploader[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('gifs')
      .leftJoin('users', 'users.id', 'gifs.user_id')
      .selectAll('gifs')
      .select(['users.username', 'users.display_name'])
      .where('gifs.id', 'in', ids)
      .execute();
  }

  /**
   * One user's own GIFs of every status but 'removed' (a takedown is shown on its own), newest
   * first: `limit + 1` rows from `offset`, so the caller knows whether more follow.
   */
  ownedBy(userId: string, page: { offset: number; limit: number }): Promise<GifRow[]> {
    return this.#db
      .selectFrom('gifs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '!=', 'removed')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit + 1)
      .execute();
  }

  /** A small picture of each listed GIF: its preferred rendition's name and format. */
  async previews(ids: string[]): Promise<Map<string, { name: string; format: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('renditions')
      .select(['gif_id', 'name', 'format'])
      .where('gif_id', 'in', ids)
      .where('name', 'in', PREVIEW_NAMES)
      .execute();
    const rank = (name: string) => PREVIEW_NAMES.indexOf(name);
    const best = new Map<string, { name: string; format: string }>();
    for (const row of rows) {
      const kept = best.get(row.gif_id);
      if (!kept || rank(row.name) < rank(kept.name))
        best.set(row.gif_id, { name: row.name, format: row.format });
    }
    return best;
  }

  /** How many listed (ready, public) GIFs carry each tag (the tags index answers each). */
  async readyCountsOfTags(tags: string[]): Promise<Map<string, number>> {
    if (tags.length === 0) return new Map();
    const { rows } = await sql<{ tag: string; n: string | number }>`
      SELECT t.tag, (SELECT count(*) FROM gifs g
        WHERE g.status = 'ready' AND g.visibility = 'public' AND g.tags @> ARRAY[t.tag]) AS n
      FROM unnest(${tags}::text[]) AS t(tag)`.execute(this.#db);
    return new Map(rows.map((r) => [r.tag, Number(r.n)]));
  }

  /** Favorites and reports of each listed GIF. */
  async tallies(ids: string[]): Promise<Map<string, GifTallies>> {
    const tallies = new Map<string, GifTallies>(
      ids.map((id) => [id, { favorites: 0, reports: 0, open_reports: 0 }]),
    );
    if (ids.length === 0) return tallies;
    const [favorites, reports] = await Promise.all([
      this.#db
        .selectFrom('favorites')
        .select(['gif_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('gif_id', 'in', ids)
        .groupBy('gif_id')
        .execute(),
      this.#db
        .selectFrom('gif_reports')
        .select([
          'gif_id',
          (eb) => eb.fn.countAll<string>().as('n'),
          sql<string>`count(*) FILTER (WHERE resolved_at IS NULL)`.as('open'),
        ])
        .where('gif_id', 'in', ids)
        .groupBy('gif_id')
        .execute(),
    ]);
    for (const row of favorites) tallies.get(row.gif_id)!.favorites = Number(row.n);
    for (const row of reports) {
      const tally = tallies.get(row.gif_id)!;
      tally.reports = Number(row.n);
      tally.open_reports = Number(row.open);
    }
    return tallies;
  }

  /** The audit log entries about the listed GIFs, oldest first, at most `perGif` each (newest). */
  async history(ids: string[], perGif: number): Promise<GifHistoryEntry[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<GifHistoryEntry>`
      SELECT gif_id, action, actor_user_id, actor_username, before, after, created_at FROM (
        SELECT log.id, log.gif_id, log.action, log.actor_user_id, u.username AS actor_username,
          log.before, log.after, log.created_at,
          row_number() OVER (PARTITION BY log.gif_id ORDER BY log.id DESC) AS nth
        FROM moderation_audit_log log LEFT JOIN users u ON u.id = log.actor_user_id
        WHERE log.gif_id = ANY(${ids}::text[])) h
      WHERE nth <= ${perGif}
      ORDER BY id`.execute(this.#db);
    return rows;
  }

  /**
   * Where each listed ready GIF stands in its type's trending list (the order of
   * `/v1/gifs/trending`: score, then id), counting at most `top` GIFs above it.
   */
  async trendingPlaces(ids: string[], top: number): Promise<TrendingPlace[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{
      id: string;
      trending_score: number;
      trending_at: Date | null;
      visibility: string;
      above: string | number;
    }>`
      SELECT g.id, g.visibility, g.trending_score, g.trending_at,
        (SELECT count(*) FROM (SELECT 1 FROM gifs o
          WHERE o.status = 'ready' AND o.visibility = 'public' AND o.type = g.type
            AND (o.trending_score > g.trending_score
              OR (o.trending_score = g.trending_score AND o.id < g.id))
          LIMIT ${top}) a) AS above
      FROM gifs g
      WHERE g.id = ANY(${ids}::text[]) AND g.status = 'ready'`.execute(this.#db);
    return rows.map((r) => ({
      id: r.id,
      trending_score: Number(r.trending_score),
      trending_at: r.trending_at ? new Date(r.trending_at) : null,
      // An unlisted GIF is in no list, so it trends nowhere.
      rank: r.visibility === 'public' && Number(r.above) < top ? Number(r.above) + 1 : null,
    }));
  }
}
