import type { GifType, Rating } from '../../platform/db/schema.ts';
import type { PingbackRepository } from '../analytics/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type {
  GifReadService,
  ListedGif,
  PackedGif,
  GifRepository,
  PresenterUrls,
} from '../gifs/index.ts';
import {
  familyFriendly,
  type CategoriesService,
  type DiscoveryService,
  type PublicGifService,
} from '../public-api/index.ts';
import type { TenorCursors, TenorPosition } from './tenor-cursor.ts';
import type { TenorFormat } from './tenor-formats.ts';
import { pageWithoutRepeats } from './tenor-paging.ts';
import { presentTenorResult, type TenorGif, type TenorResult } from './tenor.presenter.ts';

/** Tenor's `contentfilter` → the Jiffy ratings it lets through (Tenor's default is off). */
export const contentFilterRatings: Record<ContentFilter, Rating[]> = {
  off: ['g', 'pg', 'pg-13', 'r'],
  low: ['g', 'pg', 'pg-13'],
  medium: ['g', 'pg'],
  high: ['g'],
};
export type ContentFilter = 'off' | 'low' | 'medium' | 'high';

/** Tenor's `ar_range`: aspect ratios (width / height) each keeps. */
const aspectRanges = { all: [0, Infinity], wide: [0.42, 2.36], standard: [0.56, 1.78] } as const;
export type AspectRange = keyof typeof aspectRanges;

/** What every GIF list of Tenor's takes. */
export interface TenorListRequest {
  limit: number;
  pos: string | undefined;
  contentfilter: ContentFilter;
  media_filter: TenorFormat[] | undefined;
  ar_range: AspectRange;
  searchfilter: { sticker: boolean; still: 'only' | 'never' | 'any' };
  random: boolean;
  /** The language part of `locale` (stemming for search). */
  lang: string;
}

/** A page of Tenor results and the `next` that goes on from it ("" at the end). */
export interface TenorPage {
  results: TenorResult[];
  next: string;
}

/** What TenorService calls into. */
export interface TenorServiceDeps {
  publicGifs: PublicGifService;
  discovery: DiscoveryService;
  categories: CategoriesService;
  reads: GifReadService;
  gifs: GifRepository;
  pingbacks: PingbackRepository;
  cursors: TenorCursors;
  urls: PresenterUrls;
}

/** How deep a list may be paged, as the GIPHY dialect's offset (≤ 4999) allows. */
const MAX_DEPTH = 5000;

/**
 * Tenor's dialect over Jiffy's own services: search and trending (featured) from the public
 * API's lists, autocomplete, suggestions and trending terms from discovery, categories from the
 * categories service, shares as SENT pingbacks; a presenter maps each GIF to Tenor's object.
 */
export class TenorService {
  readonly #deps: TenorServiceDeps;

  constructor(deps: TenorServiceDeps) {
    this.#deps = deps;
  }

  /**
   * `search`: Jiffy's search; a first page that found GIFs counts as `visitor`'s search for
   * trending searches (see searchVisitor).
   */
  async search(q: string, request: TenorListRequest, visitor: string): Promise<TenorPage> {
    const { publicGifs } = this.#deps;
    const page = await this.#list(['search', q], request, async (type, ratings, page) => {
      const found = await publicGifs.searchRows({
        type,
        ratings,
        term: q,
        lang: request.lang,
        page,
        sort: 'relevant',
      });
      return found.rows;
    });
    // A later page (`pos`) is the same search read further, not another one.
    if (request.pos === undefined) {
      publicGifs.countSearch({
        term: q,
        page: { limit: request.limit, offset: 0 },
        visitor,
        found: page.results.length > 0,
      });
    }
    return page;
  }

  /** `featured`: what is trending (the schedule's picks first), as GIPHY's trending. */
  featured(request: TenorListRequest): Promise<TenorPage> {
    return this.#list(['featured'], request, async (type, ratings, page) => {
      const found = await this.#deps.publicGifs.trendingRows({ type, ratings, page });
      return found.rows;
    });
  }

  /** `posts`: GIFs by id, in the order asked (any rating, as a share link shows any). */
  async posts(ids: string[], formats: TenorFormat[] | undefined): Promise<TenorResult[]> {
    const rows = await this.#deps.publicGifs.byIdsRows(ids, contentFilterRatings.off);
    return this.#present(rows, formats);
  }

  /** `autocomplete`: tags that complete `q`, as GIPHY's (hidden and blocked terms left out). */
  async autocomplete(q: string, limit: number): Promise<string[]> {
    return (await this.#deps.discovery.completeTag(q, { limit, offset: 0 })).map((t) => t.name);
  }

  /**
   * `search_suggestions`: tags found with `q`'s tag, then tags completing it; hidden and
   * blocked terms left out.
   */
  async suggestions(q: string, limit: number): Promise<string[]> {
    const { discovery } = this.#deps;
    const term = q.toLowerCase();
    const related = await discovery.relatedTags(term, { limit, offset: 0 });
    const names = await discovery.withoutRefusedTerms(related.map((t) => t.name));
    if (names.length < limit) names.push(...(await this.autocomplete(term, limit + 1)));
    return [...new Set(names.filter((n) => n !== term))].slice(0, limit);
  }

  /** `trending_terms`: GIPHY's trending searches. */
  async trendingTerms(limit: number): Promise<string[]> {
    return this.#deps.discovery.trendingSearches({ limit, offset: 0 });
  }

  /**
   * `categories`: `featured` (default) are the categories GIPHY's dialect derives from tags;
   * `trending` are the trending searches, each pictured by its first GIF.
   */
  async categories(
    type: 'featured' | 'trending',
    query: { locale: string; contentfilter: ContentFilter },
  ): Promise<{ searchterm: string; path: string; image: string; name: string }[]> {
    const pathOf = (term: string) =>
      `/v2/search?${new URLSearchParams({ q: term, locale: query.locale, component: 'categories', contentfilter: query.contentfilter }).toString()}`;
    const ratings = contentFilterRatings[query.contentfilter];
    let pictured: { term: string; gif: ListedGif | PackedGif | undefined }[];
    if (type === 'featured') {
      const categories = await this.#deps.categories.categories('', familyFriendly(ratings));
      const ids = categories.flatMap((c) => (c.gif ? [c.gif.id] : []));
      const rows = await this.#deps.publicGifs.byIdsRows(ids, ratings);
      // The term searched is the category's tag; its `name` is for people ("Happy Birthday").
      pictured = categories.map((c) => ({
        term: decodeURIComponent(c.name_encoded),
        gif: rows.find((r) => r.id === c.gif?.id),
      }));
    } else {
      const terms = await this.trendingTerms(20);
      pictured = await Promise.all(
        terms.map(async (term) => {
          const found = await this.#deps.publicGifs.searchRows({
            type: 'gif',
            ratings,
            term,
            page: { limit: 1, offset: 0 },
            sort: 'relevant',
          });
          return { term, gif: found.rows[0] };
        }),
      );
    }
    const withGif = pictured.filter((p) => p.gif !== undefined);
    const results = await this.#present(
      withGif.map((p) => p.gif!),
      ['tinygif'],
    );
    return withGif.map((p, i) => ({
      searchterm: p.term,
      path: pathOf(p.term),
      image: results[i]!.media_formats.tinygif?.url ?? '',
      name: `#${p.term}`,
    }));
  }

  /**
   * `registershare`: a share of a GIF that is showing, stored as the SENT pingback GIPHY's
   * SDKs send for a share, so it feeds trending and the counters at the next roll-up.
   */
  async registerShare(options: { id: string; q: string | undefined; key: string }): Promise<void> {
    const { reads, pingbacks } = this.#deps;
    if (!(await reads.isReady(options.id)))
      throw new AppError('gif_not_found', 'No GIF with that id.');
    await pingbacks.store(
      [
        {
          gifId: options.id,
          action: 'SENT',
          userId: null,
          randomId: null,
          attributes: { dialect: 'tenor', ...(options.q ? { q: options.q } : {}) },
          occurredAt: new Date(),
        },
      ],
      `api:${options.key}`,
    );
  }

  /** A page of a GIF list, by Tenor's cursor, filters and formats. */
  async #list(
    what: string[],
    request: TenorListRequest,
    read: (
      type: GifType,
      ratings: Rating[],
      page: { limit: number; offset: number },
    ) => Promise<(ListedGif | PackedGif)[]>,
  ): Promise<TenorPage> {
    const { searchfilter, contentfilter, ar_range } = request;
    const type: GifType = searchfilter.sticker ? 'sticker' : 'gif';
    const ratings = contentFilterRatings[contentfilter];
    // Everything that changes which GIFs the list holds, in order: a cursor is for this list.
    const list = JSON.stringify([...what, type, contentfilter, ar_range, searchfilter.still]);
    const position = request.pos ? await this.#deps.cursors.decode(list, request.pos) : null;
    const seed = request.random ? (position?.seed ?? randomSeed()) : null;
    const [low, high] = aspectRanges[ar_range];
    const page = await pageWithoutRepeats({
      position,
      limit: request.limit,
      maxDepth: MAX_DEPTH,
      read: async (p) => this.#deps.reads.withRenditions(await read(type, ratings, p)),
      keep: (row) => {
        const original = row.renditions.find((r) => r.name === 'original' && r.format === 'gif');
        if (!original) return true;
        const still = original.frames <= 1;
        if (searchfilter.still === 'only' && !still) return false;
        if (searchfilter.still === 'never' && still) return false;
        const ratio = original.width / original.height;
        return ratio >= low && ratio <= high;
      },
    });
    const rows = seed === null ? page.rows : shuffled(page.rows, seed ^ (position?.offset ?? 0));
    const next: TenorPosition | null = page.next && { ...page.next, seed };
    return {
      results: await this.#present(rows, request.media_filter),
      next: next ? await this.#deps.cursors.encode(list, next) : '',
    };
  }

  async #present(
    rows: (ListedGif | PackedGif)[],
    formats: TenorFormat[] | undefined,
  ): Promise<TenorResult[]> {
    const listed = await this.#deps.reads.withRenditions(rows);
    const durations = await this.#deps.gifs.durations(listed.map((r) => r.id));
    return listed.map((row) => {
      const gif: TenorGif = { ...row, durationMs: durations.get(row.id) ?? null };
      return presentTenorResult(gif, this.#deps.urls, formats);
    });
  }
}

const randomSeed = (): number => Math.floor(Math.random() * 2 ** 31);

/** The rows in an order `seed` fixes (mulberry32, Fisher–Yates): the same cursor, the same page. */
function shuffled<T>(rows: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...rows];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
