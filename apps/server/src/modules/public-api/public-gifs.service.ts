import type { Gif, Pagination } from '@jiffy/contracts';
import type { GifType, Rating } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifRepository, GifReadService } from '../gifs/index.ts';
import type { UserRepository } from '../users/index.ts';
import type { DiscoveryService } from './discovery.service.ts';
import {
  GifListRepository,
  type ListFilter,
  type PageRequest,
  type RowPage,
} from './gif-list.repository.ts';
import { scopedTerm } from './list-query.schema.ts';
import type { CachePurge } from '../../platform/lib/cache-purge.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import type { ScheduleRepository } from '../trending-schedule/index.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';

/** A page of GIF objects with GIPHY's pagination block. */
export interface GifPage {
  gifs: Gif[];
  pagination: Pagination;
}

/** A page of GIFs as read, not yet presented, with GIPHY's pagination block. */
export interface ListedPage {
  rows: RowPage['rows'];
  pagination: Pagination;
  /** When the page stops being right (a scheduled trending window starts or ends), if known. */
  keepUntil?: number | undefined;
}

/** Which GIFs a list shows: of one type, at or below the allowed ratings. */
interface ListFilterRequest {
  type: GifType;
  ratings: Rating[];
}

/** A list presented for one response. */
interface ListContext extends ListFilterRequest {
  responseId: string;
}

interface SearchRequest {
  term: string;
  /** GIPHY's `lang` (ISO 639-1): how the query's words are stemmed. */
  lang?: string | undefined;
  page: PageRequest;
  sort: 'relevant' | 'recent';
}

/** The GIFs a scoped search looks in: a user's uploads or a channel's GIFs; undefined: none. */
type ChannelScope = (
  path: [string, ...string[]],
) => Promise<{ userId: string } | { channelId: number } | undefined>;

// A user's or channel's total is a count of their GIFs; a few seconds stale is fine. A whole
// type's is a few kept rows (GifListRepository.countVisible), read each time, so never stale.
const COUNT_CACHE_MS = 5_000;

/** The public API's GIF lists: search, trending, related, random, translate, by ids. */
export class PublicGifService {
  readonly #lists: GifListRepository;
  readonly #gifs: GifRepository;
  readonly #users: UserRepository;
  readonly #reads: GifReadService;
  readonly #discovery: DiscoveryService;
  readonly #counts: NamedCache<number>;
  readonly #purge: CachePurge;
  readonly #schedule: ScheduleRepository;
  readonly #clock: Clock;
  readonly #channelScope: ChannelScope;

  constructor(deps: {
    lists: GifListRepository;
    gifs: GifRepository;
    users: UserRepository;
    reads: GifReadService;
    discovery: DiscoveryService;
    /** Where a takedown, restore or delete tells every kept list to forget. */
    purge: CachePurge;
    caches: CacheRegistry;
    /** The trending scheduler's items, put at the head of trending in their windows. */
    schedule: ScheduleRepository;
    clock: Clock;
    /** What `@username/slug…` scopes a search to (ChannelSearchService.scope). */
    channelScope: ChannelScope;
  }) {
    this.#channelScope = deps.channelScope;
    this.#purge = deps.purge;
    this.#schedule = deps.schedule;
    this.#clock = deps.clock;
    this.#counts = deps.caches.create({ name: 'list_totals', max: 1000, ttlMs: COUNT_CACHE_MS });
    deps.purge.register(this.#counts.name, 'all');
    deps.purge.register(deps.lists.pageEndsCache, 'all');
    this.#discovery = deps.discovery;
    this.#lists = deps.lists;
    this.#gifs = deps.gifs;
    this.#users = deps.users;
    this.#reads = deps.reads;
  }

  /**
   * Registers the cache named `cache` (of this service's answers) to be forgotten whole when a
   * GIF leaves or returns.
   */
  whenPurged(cache: string): void {
    this.#purge.register(cache, 'all');
  }

  /**
   * Counts a person's search (a first page) towards trending searches, when it found GIFs: a
   * term nothing answers never trends. `visitor`: who searched (see searchVisitor).
   */
  countSearch(search: { term: string; page: PageRequest; visitor: string; found: boolean }): void {
    if (search.page.offset === 0 && search.found)
      this.#discovery.recordSearch(search.term, search.visitor);
  }

  /** Counts that a search answer showed these GIFs (see DiscoveryService.recordSurfaced). */
  countSurfaced(term: string, gifIds: readonly string[]): void {
    this.#discovery.recordSurfaced(term, gifIds);
  }

  /** Search; `@username words` scopes to a channel; no full-text match falls back to similar words. */
  async search(context: ListContext & SearchRequest): Promise<GifPage> {
    return this.#present(await this.searchRows(context), context.responseId);
  }

  /** Search as `search` finds, the GIFs not yet presented. */
  async searchRows(context: ListFilterRequest & SearchRequest): Promise<ListedPage> {
    const { channel, words } = scopedTerm(context.term);
    const filter: ListFilter = { type: context.type, ratings: context.ratings };
    if (channel) {
      // A channel nobody may see (hidden, or no such path) finds nothing, as an unknown one.
      const scope = await this.#channelScope(channel);
      if (!scope) return listedPage({ rows: [], total: 0 }, context.page);
      Object.assign(filter, scope);
      if (!words) {
        const found =
          context.sort === 'recent'
            ? await this.#lists.newest({ filter, page: context.page })
            : await this.#trendingPage(filter, context.page);
        return listedPage(found, context.page);
      }
    }
    const options = { words, lang: context.lang ?? 'en', filter, sort: context.sort };
    // Every word, else any word (several plain words only), else words that look alike (typos).
    // A later way is taken only when the earlier one matches nothing at all, so every page of
    // one search comes from the same way.
    const ways: ((page: PageRequest) => Promise<RowPage>)[] = [
      (page) => this.#lists.search({ ...options, page }),
      ...(/^[\p{L}\p{N}' ]+$/u.test(words) && words.trim().includes(' ')
        ? [(page: PageRequest) => this.#lists.search({ ...options, page, match: 'any' as const })]
        : []),
      (page) => this.#lists.searchSimilar({ words, filter, page, sort: context.sort }),
    ];
    let result: RowPage = { rows: [], total: 0 };
    for (const way of ways) {
      result = await way(context.page);
      if (result.rows.length > 0) break;
      // An empty deep page of a search that does match something is just past its end (the
      // ranked index says so with its total; other ways are asked for their first GIF).
      if (context.page.offset === 0) continue;
      if (
        result.totalAlways ? result.total > 0 : (await way({ limit: 1, offset: 0 })).rows.length > 0
      )
        break;
    }
    return listedPage(result, context.page);
  }

  /**
   * Trending: the GIFs the schedule puts there now (latest start first, `trending_at` their
   * start), then most engagement with time decay, stable across pages; not yet presented. The
   * page holds until the next scheduled start or end at most.
   */
  async trendingRows(context: ListFilterRequest & { page: PageRequest }): Promise<ListedPage> {
    const filter = { type: context.type, ratings: context.ratings };
    const { limit, offset } = context.page;
    const at = new Date(this.#clock());
    const [scheduled, nextChange] = await Promise.all([
      this.#lists.scheduledTrending({ filter, at }),
      this.#schedule.nextChange(at),
    ]);
    const head = scheduled
      .slice(offset, offset + limit)
      .map(({ scheduled_at, ...row }) => ({ ...row, trending_at: scheduled_at }));
    // The computed list goes on where the scheduled head ends, without the scheduled GIFs.
    const rest = { limit: limit - head.length, offset: Math.max(0, offset - scheduled.length) };
    const [rows, total] = await Promise.all([
      rest.limit > 0
        ? this.#lists.trending({ filter, page: rest, excludeIds: scheduled.map((r) => r.id) })
        : [],
      this.#countCached(filter),
    ]);
    return {
      ...listedPage({ rows: [...head, ...rows], total }, context.page),
      keepUntil: nextChange?.getTime(),
    };
  }

  /** A trending page (a channel's or user's); its total is counted at most every few seconds. */
  async #trendingPage(filter: ListFilter, page: PageRequest): Promise<RowPage> {
    const [rows, total] = await Promise.all([
      this.#lists.trending({ filter, page }),
      this.#countCached(filter),
    ]);
    return { rows, total };
  }

  #countCached(filter: ListFilter): Promise<number> {
    if (!GifListRepository.countsGifs(filter)) return this.#lists.countVisible(filter);
    const key = `${filter.type}|${filter.ratings.join(',')}|${filter.userId ?? ''}|${filter.channelId ?? ''}`;
    return this.#counts.fetch(key, () => this.#lists.countVisible(filter));
  }

  /** GIFs like `gifId` (shared tags, near-identical picture, same channel); 404 for unknown ids. */
  async related(context: ListContext & { gifId: string; page: PageRequest }): Promise<GifPage> {
    const gif = await this.#gifs.findById(context.gifId);
    if (!gif || gif.status !== 'ready')
      throw new AppError('gif_not_found', 'No GIF with that gif_id.');
    const filter = { type: context.type, ratings: context.ratings };
    return this.#present(
      listedPage(await this.#lists.related({ gif, filter, page: context.page }), context.page),
      context.responseId,
    );
  }

  /** One random GIF (with `tag` when given); GIPHY answers an empty object when none match. */
  async random(
    context: ListContext & { tag: string | null },
  ): Promise<Gif | Record<string, never>> {
    const row = await this.#lists.random({
      filter: { type: context.type, ratings: context.ratings },
      tag: context.tag,
    });
    if (!row) return {};
    return (await this.#reads.presentRows([row], context.responseId))[0]!;
  }

  /** The single best GIF for a phrase (GIPHY's translate endpoint). */
  async translate(
    context: ListContext & { phrase: string; lang?: string | undefined },
  ): Promise<Gif | Record<string, never>> {
    const page = await this.search({
      ...context,
      term: context.phrase,
      page: { limit: 1, offset: 0 },
      sort: 'relevant',
    });
    return page.gifs[0] ?? {};
  }

  /** GIPHY's emoji: stickers tagged `emoji`, of `ratings`. */
  async emoji(context: {
    page: PageRequest;
    ratings: Rating[];
    responseId: string;
  }): Promise<GifPage> {
    const rows = await this.#lists.emoji({ page: context.page, ratings: context.ratings });
    return this.#present(listedPage(rows, context.page), context.responseId);
  }

  /**
   * An emoji (first on the first page) and a page of the emoji of `ratings` that share a tag
   * with it (its variations); 404 for other ids and for an emoji above `ratings`.
   */
  async emojiVariations(context: {
    id: string;
    page: PageRequest;
    ratings: Rating[];
    responseId: string;
  }): Promise<Gif[]> {
    const gif = await this.#gifs.findById(context.id);
    if (
      !gif ||
      gif.status !== 'ready' ||
      gif.type !== 'sticker' ||
      !gif.tags.includes('emoji') ||
      !context.ratings.includes(gif.rating)
    ) {
      throw new AppError('gif_not_found', 'No emoji with that id.');
    }
    const variations = await this.#lists.emoji({
      page: context.page,
      ratings: context.ratings,
      sharing: gif.tags,
      excludeId: gif.id,
    });
    const rows = context.page.offset === 0 ? [gif, ...variations.rows] : variations.rows;
    return this.#reads.presentRows(rows, context.responseId);
  }

  /** The tags of a GIF and the channel it belongs to (GIPHY's associations). */
  async associations(context: {
    id: string;
    responseId: string;
  }): Promise<{ tags: string[]; channels: string[] }> {
    const gif = await this.#reads.readyRow(context.id);
    const [user] = gif.user_id ? await this.#users.findByIds([gif.user_id]) : [];
    return { tags: gif.tags, channels: user?.is_public ? [user.username] : [] };
  }

  /** GIFs by id as read, in the order asked; unknown, unready or over-rated ids are skipped. */
  async byIdsRows(ids: string[], ratings: Rating[]): Promise<ListedPage['rows']> {
    const rows = await this.#lists.findReady(ids, ratings);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** GIFs by id, in the order asked; unknown, unready or over-rated ids are skipped. */
  async byIds(context: { ids: string[]; ratings: Rating[]; responseId: string }): Promise<GifPage> {
    const rows = await this.#lists.findReady(context.ids, context.ratings);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = context.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const gifs = await this.#reads.presentRows(ordered, context.responseId);
    return { gifs, pagination: { total_count: gifs.length, count: gifs.length, offset: 0 } };
  }

  async #present(page: ListedPage, responseId: string): Promise<GifPage> {
    return {
      gifs: await this.#reads.presentRows(page.rows, responseId),
      pagination: page.pagination,
    };
  }
}

/** A page of rows with GIPHY's pagination block. */
function listedPage(result: RowPage, page: PageRequest): ListedPage {
  return {
    rows: result.rows,
    pagination: { total_count: result.total, count: result.rows.length, offset: page.offset },
  };
}
