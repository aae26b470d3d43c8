import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database, GifRow, GifType, Rating } from '../../platform/db/schema.ts';
import type { ListedGif, PackedGif } from '../gifs/index.ts';
import { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import { RankedSearchRepository } from './ranked-search.repository.ts';

/** Which GIFs a list may show: ready ones of one type, at or below the allowed ratings. */
export interface ListFilter {
  type: GifType;
  ratings: Rating[];
  userId?: string | undefined;
  /** Only the GIFs in this channel (a search scoped by `@username/slug`). */
  channelId?: number | undefined;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/** One page of rows and the size of the whole result. */
export interface RowPage {
  rows: (ListedGif | PackedGif)[];
  total: number;
  /** Set when `total` is counted even for an empty page: 0 then means nothing matches. */
  totalAlways?: boolean;
}

type GifQuery = SelectQueryBuilder<Database, 'gifs', object>;

/**
 * Words that could be a channel's name, as SQL for that channel's id (null unless it is a
 * public channel): a search for a channel's name finds its GIFs too.
 */
function namedChannel(words: string): RawBuilder<string | null> | undefined {
  if (!/^[A-Za-z0-9_]{2,30}$/.test(words)) return undefined;
  return sql<string | null>`(SELECT id FROM users
    WHERE lower(username) = ${words.toLowerCase()} AND is_public)`;
}

// Engagement that counts for ranking: views, then clicks, shares and favorites weigh more.
const engagement = sql<number>`(gifs.view_count + 2 * gifs.click_count + 3 * (gifs.share_count + gifs.favorite_count))`;

// A bound on what one trending read takes from the schedule (staff schedule a handful at once).
const MAX_SCHEDULED_AT_ONCE = 100;

/** SQL for the public API's lists: search, trending, related, random. */
export class GifListRepository {
  readonly #db: Kysely<Database>;
  readonly #ranked: RankedSearchRepository;
  /** `caches`: the Jiffy's (a registry of its own when none is given: a test's repository). */
  constructor(db: Kysely<Database>, caches = new CacheRegistry()) {
    this.#db = db;
    this.#ranked = new RankedSearchRepository(db, caches);
  }

  /** The name of the ranked search's kept page ends, which a GIF's change forgets (CachePurge). */
  get pageEndsCache(): string {
    return this.#ranked.pageEndsCache;
  }

  #visible(filter: ListFilter): GifQuery {
    let query = this.#db
      .selectFrom('gifs')
      .where('gifs.status', '=', 'ready')
      .where('gifs.visibility', '=', 'public')
      .where('gifs.type', '=', filter.type)
      .where('gifs.rating', 'in', filter.ratings);
    if (filter.userId) query = query.where('gifs.user_id', '=', filter.userId);
    if (filter.channelId !== undefined) {
      const inChannel = this.#db
        .selectFrom('channel_gifs')
        .select('gif_id')
        .where('channel_id', '=', filter.channelId);
      query = query.where('gifs.id', 'in', inChannel);
    }
    return query;
  }

  async #page(query: GifQuery, page: PageRequest): Promise<RowPage> {
    const rows = await query
      .selectAll('gifs')
      .select(sql<number>`count(*) over ()`.as('total_count'))
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const total = rows[0] ? Number(rows[0].total_count) : 0;
    return { rows: rows.map(({ total_count: _, ...row }) => row), total };
  }

  /**
   * Full-text search: title and tags stemmed in `lang` or the words as written (see migration
   * 0010), plus every GIF of the channel the words name, if they are one public channel's name;
   * relevance blended with engagement, or newest first. Plain words ranked by relevance, the
   * common search, are read off the ranked index (migration 0014); the rest rank every match
   * here.
   */
  async search(options: {
    words: string;
    lang: string;
    /** 'any': a GIF matching any one of the words is enough (the fallback for no full match). */
    match?: 'all' | 'any';
    filter: ListFilter;
    page: PageRequest;
    sort: 'relevant' | 'recent';
  }): Promise<RowPage> {
    const match = options.match ?? 'all';
    const channel = namedChannel(options.words);
    if (options.sort === 'relevant' && !options.filter.userId && !options.filter.channelId) {
      const query = await this.#ranked.resolve(options.words, options.lang);
      if (query && (match === 'all' || query.words.length <= 2)) {
        const found = await this.#ranked.search({ ...options, query, match, channel });
        if (!found.namesChannel) return found;
      }
    }
    const stemmed = sql`websearch_to_tsquery(jiffy_search_config(${options.lang}), ${options.words})`;
    const asWritten = sql`websearch_to_tsquery('simple', ${options.words})`;
    // Any word: the AND of the parsed query turned into an OR (its text form quotes every lexeme).
    const query =
      options.match === 'any'
        ? sql`(replace(${stemmed}::text, ' & ', ' | ')::tsquery || replace(${asWritten}::text, ' & ', ' | ')::tsquery)`
        : sql`(${stemmed} || ${asWritten})`;
    const textMatch = sql<boolean>`gifs.search_vector @@ ${query}`;
    const matched = this.#visible(options.filter).where((eb) =>
      channel ? eb.or([textMatch, eb('gifs.user_id', '=', channel)]) : textMatch,
    );
    const ordered =
      options.sort === 'recent'
        ? matched.orderBy('gifs.created_at', 'desc')
        : matched.orderBy(
            sql`(ts_rank(gifs.search_vector, ${query}) + ${channel ? sql`case when gifs.user_id = ${channel} then 0.1 else 0 end` : sql`0`}) * ln(3 + ${engagement})`,
            'desc',
          );
    return this.#page(ordered.orderBy('gifs.id'), options.page);
  }

  /**
   * Typo-tolerant fallback: titles or tags that look like the words (trigram word similarity),
   * most alike first, or newest first.
   */
  async searchSimilar(options: {
    words: string;
    filter: ListFilter;
    page: PageRequest;
    sort: 'relevant' | 'recent';
  }): Promise<RowPage> {
    const similarity = sql`greatest(word_similarity(${options.words}, gifs.title), word_similarity(${options.words}, jiffy_tags_text(gifs.tags)))`;
    const query = this.#visible(options.filter)
      .where((eb) =>
        eb.or([
          eb(sql`${options.words}`, sql.raw('<%'), sql`gifs.title`),
          eb(sql`${options.words}`, sql.raw('<%'), sql`jiffy_tags_text(gifs.tags)`),
        ]),
      )
      .orderBy(options.sort === 'recent' ? sql`gifs.created_at` : similarity, 'desc')
      .orderBy('gifs.id');
    return this.#page(query, options.page);
  }

  /** Every GIF the filter lets through, newest first (a channel's GIFs, `sort=recent`). */
  async newest(options: { filter: ListFilter; page: PageRequest }): Promise<RowPage> {
    const query = this.#visible(options.filter)
      .orderBy('gifs.created_at', 'desc')
      .orderBy('gifs.id');
    return this.#page(query, options.page);
  }

  /**
   * Trending: the generated trending score (log engagement plus trending time), straight off
   * its index; the total comes from `countVisible`.
   */
  async trending(options: {
    filter: ListFilter;
    page: PageRequest;
    /** GIFs shown elsewhere on the list (scheduled at its head). */
    excludeIds?: string[];
  }): Promise<GifRow[]> {
    let query = this.#visible(options.filter);
    if (options.excludeIds?.length) query = query.where('gifs.id', 'not in', options.excludeIds);
    return query
      .selectAll('gifs')
      .orderBy('gifs.trending_score', 'desc')
      .orderBy('gifs.id')
      .limit(options.page.limit)
      .offset(options.page.offset)
      .execute();
  }

  /**
   * GIFs the trending schedule puts at the head of the list at `at` (live, not removed), the
   * latest start first, each once (its earliest live start), under the same filter as the list,
   * so a taken-down, unlisted or over-rated GIF never shows.
   */
  async scheduledTrending(options: {
    filter: ListFilter;
    at: Date;
  }): Promise<(GifRow & { scheduled_at: Date })[]> {
    const live = this.#db
      .selectFrom('trending_schedule')
      .select(['gif_id', (eb) => eb.fn.min('starts_at').as('scheduled_at')])
      .where('removed_at', 'is', null)
      .where('starts_at', '<=', options.at)
      .where('ends_at', '>', options.at)
      .groupBy('gif_id')
      .as('live');
    return this.#visible(options.filter)
      .innerJoin(live, 'live.gif_id', 'gifs.id')
      .selectAll('gifs')
      .select('live.scheduled_at')
      .orderBy('live.scheduled_at', 'desc')
      .orderBy('gifs.id')
      .limit(MAX_SCHEDULED_AT_ONCE)
      .execute();
  }

  /** Stickers tagged `emoji` (GIPHY's emoji set), most trending first; `sharing` narrows to those with a tag in common. */
  async emoji(options: {
    page: PageRequest;
    ratings: Rating[];
    sharing?: string[];
    excludeId?: string;
  }): Promise<RowPage> {
    let query = this.#visible({ type: 'sticker', ratings: options.ratings }).where(
      sql<boolean>`'emoji' = any(gifs.tags)`,
    );
    if (options.sharing) {
      const others = options.sharing.filter((t) => t !== 'emoji');
      query = query.where(sql<boolean>`gifs.tags && ${others}::text[]`);
    }
    if (options.excludeId) query = query.where('gifs.id', '!=', options.excludeId);
    return this.#page(
      query.orderBy('gifs.trending_score', 'desc').orderBy('gifs.id'),
      options.page,
    );
  }

  /**
   * How many GIFs a filter lets through, exactly. A whole type's total is read off the counts
   * the triggers keep by type and rating (migration 0035): at most four rows, whatever the
   * size of the instance. A user's or a channel's is counted, over their own GIFs only.
   */
  async countVisible(filter: ListFilter): Promise<number> {
    if (!GifListRepository.countsGifs(filter)) {
      if (filter.ratings.length === 0) return 0;
      const row = await this.#db
        .selectFrom('visible_gif_counts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
        .where('type', '=', filter.type)
        .where('rating', 'in', filter.ratings)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const row = await this.#visible(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether a filter's total is a count of its GIFs (a user or channel) rather than kept. */
  static countsGifs(filter: ListFilter): boolean {
    return Boolean(filter.userId) || filter.channelId !== undefined;
  }

  /**
   * GIFs related to `gif`: shared tags count most, a near-identical picture (dHash within 10
   * bits) and the same uploader add to the score.
   */
  async related(options: { gif: GifRow; filter: ListFilter; page: PageRequest }): Promise<RowPage> {
    const { gif } = options;
    const tags = sql`${gif.tags}::text[]`;
    const sharedTags = sql<number>`cardinality(array(select unnest(gifs.tags) intersect select unnest(${tags})))`;
    const nearPicture = gif.phash
      ? sql<number>`case when gifs.phash is not null and bit_count(('x' || gifs.phash)::bit(64) # ('x' || ${gif.phash})::bit(64)) <= 10 then 3 else 0 end`
      : sql<number>`0`;
    const sameUser = gif.user_id
      ? sql<number>`case when gifs.user_id = ${gif.user_id} then 1 else 0 end`
      : sql<number>`0`;
    const score = sql`(2 * ${sharedTags} + ${nearPicture} + ${sameUser})`;
    const query = this.#visible(options.filter)
      .where('gifs.id', '!=', gif.id)
      .where(sql<boolean>`${score} > 0`)
      .orderBy(score, 'desc')
      .orderBy(engagement, 'desc')
      .orderBy('gifs.id');
    return this.#page(query, options.page);
  }

  /** One random GIF, optionally carrying `tag` (as a tag or in its title). */
  async random(options: { filter: ListFilter; tag: string | null }): Promise<GifRow | undefined> {
    let query = this.#visible(options.filter);
    if (options.tag) {
      const tag = options.tag.toLowerCase();
      query = query.where((eb) =>
        eb.or([
          eb(sql`${tag}`, '=', sql`any(gifs.tags)`),
          eb(sql<boolean>`gifs.search_vector @@ plainto_tsquery('english', ${tag})`, '=', true),
        ]),
      );
    }
    return query
      .selectAll('gifs')
      .orderBy(sql`random()`)
      .limit(1)
      .executeTakeFirst();
  }

  /** Ready GIFs of `ratings` carrying every tag in `tags`, most engaging first. */
  async withTags(options: {
    tags: string[];
    page: PageRequest;
    ratings: Rating[];
  }): Promise<RowPage> {
    const query = this.#visible({ type: 'gif', ratings: options.ratings })
      .where(sql<boolean>`gifs.tags @> ${options.tags}::text[]`)
      .orderBy(engagement, 'desc')
      .orderBy('gifs.id');
    return this.#page(query, options.page);
  }

  /** Ready GIFs among `ids` (any type), in no particular order. */
  async findReady(ids: string[], ratings: Rating[]): Promise<GifRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('gifs')
      .selectAll()
      .where('id', 'in', ids)
      .where('status', '=', 'ready')
      .where('rating', 'in', ratings)
      .execute();
  }
}
