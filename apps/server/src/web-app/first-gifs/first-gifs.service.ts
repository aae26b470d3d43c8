import type { GifsResult } from '@jiffy/fetch-api';
import {
  GRID_PAGE,
  HOME_STICKERS,
  listKeys,
  queryKeys,
  RELATED_TAGS,
  type FirstPageData,
} from '@jiffy/web/first-page-data';
import { MAX_AGE_SECONDS } from '../../http/public-api-caching.ts';
import type { Clock } from '../../lib/clock.ts';
import { ExpiringMap } from '../../lib/expiring-map.ts';
import type { DiscoveryService } from '../../public-api/discovery.service.ts';
import { allowedRatings } from '../../public-api/list-query.schema.ts';
import type { ListAnswers } from '../../public-api/list-answers.ts';
import type { RenderedAnswer } from '../../public-api/rendered-list-cache.ts';

/**
 * The site's own default: its pages send no `rating`, so the API's default applies (pg-13).
 * A visitor has no rating setting yet; when one comes, it must decide this and the page must
 * then stop being the same for everyone (see Cache-Control in web-app.routes.ts).
 */
const SITE_RATING = 'pg-13';
/** The site's own limits (SearchBox: 50 characters; the API answers 414 past them). */
const MAX_TERM = 50;

/** A list as the page's script will read it: its JSON text as the API would send it, parsed. */
export interface WrittenList {
  key: string;
  json: string;
  page: GifsResult;
}

export interface HomeFirstPage {
  trendingSearches: string[];
  stickers: WrittenList;
  gifs: WrittenList;
}

export interface SearchFirstPage {
  term: string;
  type: 'gifs' | 'stickers';
  relatedTags: { name: string; score: number }[];
  results: WrittenList;
}

/**
 * What `/` and `/search/:term` show first, from the services the public API answers from (the
 * same kept answers: no HTTP hop, no second rendering), for the server to write into the page.
 */
export class FirstGifsService {
  readonly #lists: ListAnswers;
  readonly #discovery: DiscoveryService;
  // Trending searches and related tags for as long as the API lets anyone keep them.
  readonly #searches: ExpiringMap<Promise<string[]>>;
  readonly #related: ExpiringMap<Promise<{ name: string; score: number }[]>>;

  constructor(deps: { lists: ListAnswers; discovery: DiscoveryService; clock: Clock }) {
    this.#lists = deps.lists;
    this.#discovery = deps.discovery;
    const kept = { ttlMs: MAX_AGE_SECONDS * 1000, now: deps.clock };
    this.#searches = new ExpiringMap({ ...kept, maxEntries: 1 });
    this.#related = new ExpiringMap({ ...kept, maxEntries: 500 });
  }

  async home(responseId: string): Promise<HomeFirstPage> {
    const [trendingSearches, stickers, gifs] = await Promise.all([
      this.#kept(this.#searches, 'searches', () => this.#discovery.trendingSearches()),
      this.#lists
        .trending({
          type: 'sticker',
          page: { limit: HOME_STICKERS, offset: 0 },
          rating: SITE_RATING,
        })
        .then((answer) => written(listKeys.homeStickers, answer, responseId)),
      this.#lists
        .trending({ type: 'gif', page: { limit: GRID_PAGE, offset: 0 }, rating: SITE_RATING })
        .then((answer) => written(listKeys.homeGifs, answer, responseId)),
    ]);
    return { trendingSearches, stickers, gifs };
  }

  /**
   * A search's first page, or undefined for a term the API would refuse (empty, or longer
   * than 50 characters once trimmed): the page then carries no results and the site shows
   * what the API answers, as it always has.
   */
  async search(
    term: string,
    type: 'gifs' | 'stickers',
    responseId: string,
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
      this.#kept(this.#related, `${gifType}:${q.toLowerCase()}`, related),
      this.#lists
        .search({
          type: gifType,
          term: q,
          page: { limit: GRID_PAGE, offset: 0 },
          rating: SITE_RATING,
          sort: 'relevant',
        })
        .then((answer) => written(listKeys.search(type, term), answer, responseId)),
    ]);
    return { term, type, relatedTags, results };
  }

  #kept<T>(map: ExpiringMap<Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const kept = map.get(key);
    if (kept) return kept;
    const loading = load();
    map.set(key, loading);
    // A failed load is not kept: the next page view asks again.
    loading.catch(() => map.get(key) === loading && map.delete(key));
    return loading;
  }
}

/**
 * Each kept answer parsed once: a page view renders its JSON text (with its own response id)
 * but reads the GIFs of the first parse, so a kept answer's `page` is the same object on every
 * view (the page's markup is kept by it, web-app.routes.ts). Its `meta` is the first view's.
 */
const parsed = new WeakMap<RenderedAnswer, GifsResult>();

function written(key: string, answer: RenderedAnswer, responseId: string): WrittenList {
  const json = answer.render(responseId).toString('utf8');
  let page = parsed.get(answer);
  if (!page) {
    page = JSON.parse(json) as GifsResult;
    parsed.set(answer, page);
  }
  return { key, json, page };
}

/**
 * The JSON the page's script reads (apps/web first-page-data.ts), with each list's text as
 * the API answered it rather than serialized again. Not yet escaped for HTML.
 */
export function firstPageJson(path: string, content: HomeFirstPage | SearchFirstPage): string {
  const lists = 'gifs' in content ? [content.stickers, content.gifs] : [content.results];
  const queries: FirstPageData['queries'] =
    'gifs' in content
      ? [{ key: queryKeys.trendingSearches, data: content.trendingSearches }]
      : [{ key: queryKeys.relatedTags(content.type, content.term), data: content.relatedTags }];
  const listsJson = lists.map((list) => `${JSON.stringify(list.key)}:${list.json}`).join(',');
  return `{"path":${JSON.stringify(path)},"lists":{${listsJson}},"queries":${JSON.stringify(queries)}}`;
}
