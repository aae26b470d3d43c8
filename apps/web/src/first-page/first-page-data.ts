/**
 * What the server keeps of `/`, `/search/:term`, the trending pages and a channel's page besides the first GIFs' markup it wrote into
 * them: the data the page would otherwise fetch first, so the site starts from it without
 * asking again. The page names its view (the response id) in a `<meta>`, and the site asks for
 * the data once the first GIFs are painted (first-page-fetch.ts). Shared by the server and the
 * site; no browser APIs here.
 */
import type { GifsResult } from '@jiffy/fetch-api';

/** The `<meta name>` whose content is the page view's id. */
export const FIRST_PAGE_META = 'jiffy-first-page';
/** Where the site asks for a page view's data: `GET /ajax/first-page/{view}`. */
export const firstPageDataPath = (view: string): string =>
  `/ajax/first-page/${encodeURIComponent(view)}`;

export interface FirstPageData {
  /** The path (and query) it was written for: another page never takes it. */
  path: string;
  /** Each grid's first page, by the grid's list key (`home-gifs`, `gifs:cats`…). */
  lists: Record<string, GifsResult>;
  /** TanStack Query answers, by query key (trending searches, related tags). */
  queries: { key: unknown[]; data: unknown }[];
}

/** The list keys the site's grids use for these pages. */
export const listKeys = {
  homeGifs: 'home-gifs',
  homeStickers: 'home-stickers',
  search: (type: 'gifs' | 'stickers', term: string) => `${type}:${term}`,
  trending: (type: 'gifs' | 'stickers') => `trending:${type}`,
  /** A channel's feed, on its All tab or a tag's. */
  channel: (id: number, tag: string | undefined) => `channel:${id}:${tag ?? ''}`,
};

/** The TanStack Query keys of what the pages show above their grids. */
export const queryKeys = {
  trendingSearches: ['trending-searches'],
  relatedTags: (type: 'gifs' | 'stickers', term: string) => ['related-tags', type, term],
  /** What a search that found nothing offers instead (`/ajax/search-suggestions/…`). */
  searchSuggestions: (type: 'gifs' | 'stickers', term: string) => [
    'search-suggestions',
    type,
    term,
  ],
  /** A GIF's or sticker's own page: the GIF as `/v1/gifs/{id}` answers it. */
  gif: (id: string) => ['gif', id],
  /** The channel at a path (`user/slug/…`, any case) as `/api/v4/channels/?slug=` answers it. */
  channel: (path: string) => ['channel', path.toLowerCase()],
  /** The channels inside a channel, as `/api/v4/channels/{id}/children/` answers them. */
  channelChildren: (id: number) => ['channel-children', id],
};

/** How many related searches the search page shows (`/ajax/tags/related/…`'s `limit`). */
export const RELATED_TAGS = 10;

/** How many stickers the home page's row shows (one page, no more). */
export const HOME_STICKERS = 8;
/** The grids' page size. */
export const GRID_PAGE = 25;
