import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PREPARED } from '../../platform/db/prepared-statements.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { PackedGif } from '../gifs/index.ts';
import { fromListedGifs, listedGifs } from '../public-api/index.ts';
import type { FeedCursor } from './feed-cursor.ts';

export type FeedOrder = 'manual' | 'newest';

/** Whose GIFs a feed shows: a sub-channel's (channel_gifs), or a root channel's owner's uploads. */
export type FeedSource = { channelId: number } | { userId: string };

export interface FeedPageRequest {
  /** The channel whose feed it is: the answer says whether it and its ancestors are visible. */
  channelId: number;
  source: FeedSource;
  order: FeedOrder;
  limit: number;
  offset: number;
  cursor?: FeedCursor | undefined;
  tag?: string | undefined;
}

export interface FeedPage {
  rows: PackedGif[];
  /** Where the next page starts; undefined on the last page. */
  next?: FeedCursor | undefined;
  /** The channel exists and it and its ancestors are visible: anyone may see the page. */
  visible: boolean;
}

// The creation time as whole microseconds since the epoch: exact as text, and back again.
const createdKey = sql`floor(extract(epoch FROM ordered.at) * 1000000)::bigint::text`;
const fromMicros = (key: string) =>
  sql`('epoch'::timestamptz + ${key}::bigint * interval '1 microsecond')`;

/**
 * A channel feed's pages (migration 0024). One statement per page: the page's GIFs come as the
 * listed JSON the public API's lists read (listed-gif.sql.ts), and the page's end as the next
 * cursor, and whether anyone may see the channel (so a visible channel's page takes one
 * statement, its check included). The statement is prepared: planning its recursive CTE cost
 * several times running it (2–3 ms against 0.6 ms for a page 5,000 deep). Nothing counts the whole feed here: `count` does, and its caller keeps the answer.
 * A feed shows ready, public GIFs only: a taken-down GIF keeps its row and its place.
 */
export class ChannelFeedRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async page(request: FeedPageRequest): Promise<FeedPage> {
    const manual = request.order === 'manual' && 'channelId' in request.source;
    // The ordering column is read in the skip, its text made only for the page's rows.
    const at = manual ? sql`cg.position` : sql`gifs.created_at`;
    const key = manual ? sql`ordered.at::text` : createdKey;
    const order = manual ? sql`cg.position, cg.gif_id` : sql`gifs.created_at DESC, gifs.id`;
    const id = manual ? sql`cg.gif_id` : sql`gifs.id`;
    // A manual page without a tag reads channel rows alone (see #from).
    const withGifs = !manual || request.tag !== undefined;
    const { rows } = await sql<{
      gifs: string | null;
      end_key: string | null;
      end_gif: string;
      visible: boolean;
    }>`${sql.raw(PREPARED)}
      WITH RECURSIVE up(id) AS (
        SELECT ${request.channelId}::integer
        UNION ALL
        SELECT c.parent_id FROM up JOIN channels c ON c.id = up.id WHERE c.parent_id IS NOT NULL),
      page AS MATERIALIZED (
        -- Numbered after the offset, in the order the subquery returns them.
        SELECT id, ${key} AS key, row_number() OVER () AS n FROM (
          SELECT ${id} AS id, ${at} AS at
          FROM ${this.#from(request.source, withGifs)}
          WHERE ${this.#shown(request.source)} AND ${this.#tagged(request.tag)}
            AND ${this.#after(request.cursor, manual)}
          ORDER BY ${order}
          LIMIT ${request.limit + 1} OFFSET ${request.offset}) ordered)
      SELECT (SELECT ${listedGifs(sql`page.n`)}
          FROM page JOIN gifs ON gifs.id = page.id WHERE page.n <= ${request.limit}) AS gifs,
        last.key AS end_key, last.id AS end_gif,
        EXISTS (SELECT 1 FROM channels WHERE id = ${request.channelId})
          AND NOT EXISTS (SELECT 1 FROM up JOIN channels c ON c.id = up.id WHERE NOT c.is_visible)
          AS visible
      FROM (SELECT 1) one
      LEFT JOIN page last ON last.n = ${request.limit}
        AND EXISTS (SELECT 1 FROM page WHERE n > ${request.limit})`.execute(this.#db);
    const [answer] = rows;
    const next =
      answer?.end_key != null
        ? {
            order: manual ? ('manual' as const) : ('newest' as const),
            key: answer.end_key,
            gif: answer.end_gif,
          }
        : undefined;
    return { rows: fromListedGifs(answer?.gifs ?? null), next, visible: answer!.visible };
  }

  /** How many GIFs the feed shows in all: every row of it, so its caller keeps the answer. */
  async count(request: { source: FeedSource; tag?: string | undefined }): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n
      FROM ${this.#from(request.source, request.tag !== undefined)}
      WHERE ${this.#shown(request.source)} AND ${this.#tagged(request.tag)}`.execute(this.#db);
    return Number(rows[0]!.n);
  }

  /**
   * Where the feed's rows are read: a sub-channel's rows alone when nothing but their order is
   * asked (a manual page without a tag), so the rows before an offset are skipped in the index
   * of shown rows without reading a GIF row each (migration 0042).
   */
  #from(source: FeedSource, withGifs: boolean): RawBuilder<unknown> {
    if (!('channelId' in source)) return sql`gifs`;
    return withGifs ? sql`channel_gifs cg JOIN gifs ON gifs.id = cg.gif_id` : sql`channel_gifs cg`;
  }

  /**
   * The source's GIFs that a feed shows: ready and public. A channel row says so itself
   * (gif_shown, kept by triggers); a root channel's are read off the index of its owner's shown
   * GIFs (migration 0042), whose condition this is.
   */
  #shown(source: FeedSource): RawBuilder<boolean> {
    if ('channelId' in source) return sql`cg.channel_id = ${source.channelId} AND cg.gif_shown`;
    return sql`gifs.user_id = ${source.userId} AND gifs.status = 'ready' AND gifs.visibility = 'public'`;
  }

  /** A ranked tag's tab: GIFs with the tag (the GIN index on tags), or every GIF. */
  #tagged(tag: string | undefined): RawBuilder<boolean> {
    return tag === undefined ? sql`true` : sql`gifs.tags @> ARRAY[${tag}]::text[]`;
  }

  /** Past the cursor in the page's order (manual: ascending; newest: time down, id up). */
  #after(cursor: FeedCursor | undefined, manual: boolean): RawBuilder<boolean> {
    if (!cursor) return sql`true`;
    if (manual) return sql`(cg.position, cg.gif_id) > (${cursor.key}::float8, ${cursor.gif})`;
    const at = fromMicros(cursor.key);
    return sql`(gifs.created_at < ${at} OR (gifs.created_at = ${at} AND gifs.id > ${cursor.gif}))`;
  }
}
