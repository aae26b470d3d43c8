import type { GifsResult } from '@jiffy/fetch-api';
import {
  GRID_PAGE,
  HOME_STICKERS,
  listKeys,
  queryKeys,
  RELATED_TAGS,
  type FirstPageData,
} from '@jiffy/web/first-page-data';
import { MAX_AGE_SECONDS } from '../../../platform/http/public-api-caching.ts';
import type { Clock } from '../../../platform/lib/clock.ts';
import {
  allowedRatings,
  type DiscoveryService,
  type ListAnswers,
  type RenderedAnswer,
  type SearchSuggestionsService,
} from '../../public-api/index.ts';
import type { ChannelObject, Gif } from '@jiffy/contracts';
import type { SearchSuggestions } from '@jiffy/contracts';
import type { CacheRegistry } from '../../../platform/cache/cache-registry.ts';
import type { GifReadService } from '../../gifs/index.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { channelFeedReply, feedQuery, type ChannelService } from '../../channels/index.ts';
import type { NamedCache } from '../../../platform/cache/named-cache.ts';

/**
 * The site's own default: its pages send no `rating`, so the API's default applies (pg-13).
 * A visitor has no rating setting yet; when one comes, it must decide this and the page must
 * then stop being the same for everyone (see Cache-Control in web-app.routes.ts).
 */
const SITE_RATING = 'pg-13';
/** The site's own limits (SearchBox: 50 characters; the API answers 414 past them). */
const MAX_TERM = 50;

/**
 * A list of a page's first GIFs: the kept answer it came from (rendered again, with the page
 * view's own response id, when the site asks for the page's data) and its GIFs, parsed once.
 */
export interface WrittenList {
  key: string;
  answer: RenderedAnswer;
  page: GifsResult;
}

/** One page view the server wrote first GIFs into: its response id and its path (and query). */
export interface PageView {
  responseId: string;
  path: string;
}

/**
 * How long a page view's data waits for the site to ask for it. The site asks within a second
 * or two of the page's load (once its first GIFs are painted); a tab restored much later, or
 * a page answered by another node, finds nothing and the site fetches its lists itself.
 */
export const PAGE_VIEW_KEPT_MS = 60_000;
/** At most this many page views wait at once (a few hundred bytes each: see KeptView). */
const MAX_PAGE_VIEWS = 20_000;
/**
 * The longest path (with its query) a view is kept for: the site checks the data's path against
 * its address, so the path is kept whole, and a query string no link of the site makes (up to
 * Node's 16 KB of headers) would otherwise let 20,000 views hold 320 MB. Such a page names no
 * view, and its site fetches its lists.
 */
const MAX_VIEW_PATH = 2_048;

/**
 * What the server keeps of a page view until its site asks: the path, what is shown above the
 * grids (a few names), and weak references to the kept answers its grids were written from. A
 * view never keeps an answer alive itself: the list cache decides how long answers live (500 of
 * them, 30 s), and a view whose answer it has let go is a miss like any other. Otherwise a
 * minute of searches for distinct terms would hold 20,000 answers of up to 140 KB each.
 */
interface KeptView {
  path: string;
  lists: { key: string; answer: WeakRef<RenderedAnswer> }[];
  queries: FirstPageData['queries'];
  /** A GIF page's GIF, by id: read again when asked (a GIF is kilobytes, a view a few bytes). */
  gif?: string;
  /** A channel page's path and tab: its channel, channels and feed are read again when asked. */
  channel?: ChannelView;
}

/** A channel page as the site reads its address: the channel's path, and the tab asked for. */
export interface ChannelView {
  parts: [string, ...string[]];
  tag: string | undefined;
}

export interface HomeFirstPage {
  trendingSearches: string[];
  stickers: WrittenList;
  gifs: WrittenList;
}

export interface TrendingFirstPage {
  type: 'gifs' | 'stickers';
  trending: WrittenList;
}

export interface SearchFirstPage {
  term: string;
  type: 'gifs' | 'stickers';
  relatedTags: { name: string; score: number }[];
  results: WrittenList;
  /** What the page offers instead when the search found nothing (else undefined). */
  suggestions: SearchSuggestions | undefined;
}

export interface ChannelFirstPage {
  /** The path as the site's page reads it (`amy/space`), which names its query of the channel. */
  path: string;
  channel: ChannelObject;
  /** The channels inside it, as its tiles show them. */
  children: ChannelObject[];
  /** The tab shown: the tag asked for when it is one of the channel's, else All. */
  tag: string | undefined;
  feed: GifsResult;
}

/**
 * What `/`, `/search/:term`, the trending pages and a channel's page show first, from the services the public API answers from (the
 * same kept answers: no HTTP hop, no second rendering), for the server to write into the page.
 */
export class FirstGifsService {
  readonly #lists: ListAnswers;
  readonly #reads: GifReadService;
  readonly #discovery: DiscoveryService;
  readonly #suggestions: SearchSuggestionsService;
  readonly #channels: ChannelService;
  // Trending searches and related tags for as long as the API lets anyone keep them.
  readonly #searches: NamedCache<string[]>;
  readonly #related: NamedCache<{ name: string; score: number }[]>;
  // What each recent page view was written from, until its site asks for the data.
  readonly #views: NamedCache<KeptView>;

  constructor(deps: {
    lists: ListAnswers;
    reads: GifReadService;
    discovery: DiscoveryService;
    suggestions: SearchSuggestionsService;
    channels: ChannelService;
    caches: CacheRegistry;
    clock: Clock;
  }) {
    this.#lists = deps.lists;
    this.#reads = deps.reads;
    this.#discovery = deps.discovery;
    this.#suggestions = deps.suggestions;
    this.#channels = deps.channels;
    const kept = { ttlMs: MAX_AGE_SECONDS * 1000, now: deps.clock };
    this.#searches = deps.caches.create({ ...kept, name: 'first_page_searches', max: 1 });
    this.#related = deps.caches.create({ ...kept, name: 'first_page_related_tags', max: 500 });
    this.#views = deps.caches.create({
      name: 'first_page_views',
      max: MAX_PAGE_VIEWS,
      ttlMs: PAGE_VIEW_KEPT_MS,
      now: deps.clock,
    });
    // A hidden or newly blocked term leaves the home page at once: the kept trending searches
    // go, and so do the kept page views (a home page's data holds them; a view not kept is a
    // miss, and its site fetches its lists itself).
    deps.discovery.whenTermRulesChange(() => {
      this.#searches.clear();
      this.#views.clear();
    });
  }

  /** Whether the server keeps this page view's data, for the page to name it to the site. */
  keeps(responseId: string): boolean {
    return this.#views.peek(responseId) !== undefined;
  }

  /**
   * The data of a page view's first GIFs, as the site starts from it (see firstPageJson), with
   * the view's own response id in its lists; undefined once it is no longer kept. Asking again
   * answers again: a reload of the same view, or a second tab, reads the same data.
   */
  async pageData(responseId: string): Promise<string | undefined> {
    const view = this.#views.get(responseId);
    if (!view) return undefined;
    if (view.channel) {
      const page = await this.#channelPage(view.channel, responseId);
      return page && firstPageJson(view.path, ...channelData(page));
    }
    const lists = [];
    for (const list of view.lists) {
      const answer = list.answer.deref();
      if (!answer) return undefined;
      lists.push({ key: list.key, json: answer.render(responseId).toString('utf8') });
    }
    // A GIF taken down since is a miss: the site then asks for it and shows what it is told.
    const gif = view.gif
      ? await this.#reads.getReady(view.gif, responseId).catch(() => undefined)
      : undefined;
    if (view.gif && !gif) return undefined;
    const queries = gif ? [{ key: queryKeys.gif(gif.id), data: gif }] : view.queries;
    return firstPageJson(view.path, lists, queries);
  }

  async home(view: PageView): Promise<HomeFirstPage> {
    const [trendingSearches, stickers, gifs] = await Promise.all([
      this.#searches.fetch('searches', () => this.#discovery.trendingSearches()),
      this.#lists
        .trending({
          type: 'sticker',
          page: { limit: HOME_STICKERS, offset: 0 },
          rating: SITE_RATING,
        })
        .then((answer) => written(listKeys.homeStickers, answer, view.responseId)),
      this.#lists
        .trending({ type: 'gif', page: { limit: GRID_PAGE, offset: 0 }, rating: SITE_RATING })
        .then((answer) => written(listKeys.homeGifs, answer, view.responseId)),
    ]);
    return this.#keep(
      view,
      { trendingSearches, stickers, gifs },
      [stickers, gifs],
      [{ key: queryKeys.trendingSearches, data: trendingSearches }],
    );
  }

  /** `/trending-gifs` (and `/gifs`) or `/stickers`: the first page of what is trending. */
  async trending(type: 'gifs' | 'stickers', view: PageView): Promise<TrendingFirstPage> {
    const trending = await this.#lists
      .trending({
        type: type === 'gifs' ? 'gif' : 'sticker',
        page: { limit: GRID_PAGE, offset: 0 },
        rating: SITE_RATING,
      })
      .then((answer) => written(listKeys.trending(type), answer, view.responseId));
    return this.#keep(view, { type, trending }, [trending], []);
  }

  /**
   * A search's first page, or undefined for a term the API would refuse (empty, or longer
   * than 50 characters once trimmed): the page then carries no results and the site shows
   * what the API answers, as it always has. It counts as `visitor`'s search, as the API's
   * (see searchVisitor).
   */
  async search(
    term: string,
    type: 'gifs' | 'stickers',
    view: PageView,
    visitor: string,
  ): Promise<SearchFirstPage | undefined> {
    const q = term.trim();
    if (q === '' || q.length > MAX_TERM) return undefined;
    const gifType = type === 'gifs' ? 'gif' : 'sticker';
    // What the site's own call (`/ajax/tags/related/{type}/{term}/`) answers for this tab.
    const related = () =>
      this.#discovery.relatedTags(
        q,
        { limit: RELATED_TAGS, offset: 0 },
        {
          type: gifType,
          ratings: allowedRatings(SITE_RATING),
        },
      );
    const [relatedTags, results] = await Promise.all([
      this.#related.fetch(`${gifType}:${q.toLowerCase()}`, related),
      this.#lists
        .search({
          type: gifType,
          term: q,
          page: { limit: GRID_PAGE, offset: 0 },
          rating: SITE_RATING,
          sort: 'relevant',
          visitor,
        })
        .then((answer) => written(listKeys.search(type, term), answer, view.responseId)),
    ]);
    // Asked only once the search found nothing: what the site's own call would answer.
    const suggestions =
      results.page.data.length === 0
        ? await this.#suggestions.suggestions(q, {
            type: gifType,
            ratings: allowedRatings(SITE_RATING),
          })
        : undefined;
    return this.#keep(
      view,
      { term, type, relatedTags, results, suggestions },
      [results],
      [
        { key: queryKeys.relatedTags(type, term), data: relatedTags },
        ...(suggestions
          ? [{ key: queryKeys.searchSuggestions(type, term), data: suggestions }]
          : []),
      ],
    );
  }

  /**
   * The GIF that heads a search's first page as the site shows it (the same question, so the
   * same kept answer), for a page whose link preview pictures it: a category's. Undefined for a
   * term the API would refuse or that finds nothing.
   */
  async searchLeader(term: string, visitor: string): Promise<Gif | undefined> {
    const q = term.trim();
    if (q === '' || q.length > MAX_TERM) return undefined;
    const answer = await this.#lists.search({
      type: 'gif',
      term: q,
      page: { limit: GRID_PAGE, offset: 0 },
      rating: SITE_RATING,
      sort: 'relevant',
      visitor,
    });
    return written(listKeys.search('gifs', term), answer, '').page.data[0];
  }

  /**
   * A GIF's or sticker's page, whose first screen (its title and the GIF itself) the server
   * writes: the page view keeps only the GIF's id, and the site starts from the GIF as the API
   * answers it instead of asking for it.
   */
  gifPage(gif: Gif, view: PageView): void {
    this.#keep(view, gif, [], [], gif.id);
  }

  /**
   * A channel's page as a signed-out visitor sees it (its header, its channels, the first page
   * of the tab asked for), or undefined when there is no channel there for them. Only a
   * signed-out visitor's: the owner and staff also see hidden channels and the manager, which
   * the site draws. The page view keeps only the address: what the site asks for is read again.
   */
  async channel(address: ChannelView, view: PageView): Promise<ChannelFirstPage | undefined> {
    const page = await this.#channelPage(address, view.responseId);
    if (page) this.#keep(view, page, [], [], undefined, address);
    return page;
  }

  async #channelPage(
    { parts, tag }: ChannelView,
    responseId: string,
  ): Promise<ChannelFirstPage | undefined> {
    const channel = await this.#channels.getByPath(null, parts).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    });
    if (!channel) return undefined;
    // The site's own rule (ChannelPage.tsx): a tag that is none of the channel's is All.
    const shown = channel.tags.some((t) => t.tag === tag) ? tag : undefined;
    const [children, feed] = await Promise.all([
      this.#channels.children(null, channel.id),
      channelFeedReply(
        { channels: this.#channels, reads: this.#reads },
        null,
        channel.id,
        feedQuery.parse(shown ? { tag: shown } : {}),
        responseId,
      ),
    ]);
    // As the site's grid holds a feed page (a GIPHY list answer; ChannelPage.tsx fetchFeed).
    const page = JSON.parse(feed.toString('utf8')) as Omit<GifsResult, 'meta'>;
    const meta = { status: 200, msg: 'OK', response_id: '' };
    return { path: parts.join('/'), channel, children, tag: shown, feed: { ...page, meta } };
  }

  /** Keeps what a page view was written from (its grids' lists, and what shows above them). */
  #keep<T>(
    view: PageView,
    content: T,
    lists: WrittenList[],
    queries: FirstPageData['queries'],
    gif?: string,
    channel?: ChannelView,
  ): T {
    if (view.path.length > MAX_VIEW_PATH) return content;
    this.#views.set(view.responseId, {
      path: view.path,
      lists: lists.map((list) => ({ key: list.key, answer: new WeakRef(list.answer) })),
      queries,
      gif,
      channel,
    });
    return content;
  }
}

/**
 * Each kept answer parsed once, so a kept answer's `page` is the same object on every view
 * (the page's markup is kept by it, web-app.routes.ts). Its `meta` is the first view's; the
 * data the site reads is rendered for each view (firstPageJson).
 */
const parsed = new WeakMap<RenderedAnswer, GifsResult>();

function written(key: string, answer: RenderedAnswer, responseId: string): WrittenList {
  let page = parsed.get(answer);
  if (!page) {
    page = JSON.parse(answer.render(responseId).toString('utf8')) as GifsResult;
    parsed.set(answer, page);
  }
  return { key, answer, page };
}

/** What the site starts a channel's page from: its feed's first page, its channel and channels. */
function channelData(
  page: ChannelFirstPage,
): [{ key: string; json: string }[], FirstPageData['queries']] {
  const { channel } = page;
  return [
    [{ key: listKeys.channel(channel.id, page.tag), json: JSON.stringify(page.feed) }],
    [
      { key: queryKeys.channel(page.path), data: channel },
      { key: queryKeys.channelChildren(channel.id), data: page.children },
    ],
  ];
}

/**
 * The site API's answer for a page view's data, `{"data": FirstPageData}` (apps/web
 * first-page-data.ts), with each list's text as the API answers it (with the view's response
 * id) rather than serialized again.
 */
function firstPageJson(
  path: string,
  lists: { key: string; json: string }[],
  queries: FirstPageData['queries'],
): string {
  const listsJson = lists.map((list) => `${JSON.stringify(list.key)}:${list.json}`).join(',');
  return `{"data":{"path":${JSON.stringify(path)},"lists":{${listsJson}},"queries":${JSON.stringify(queries)}}}`;
}
