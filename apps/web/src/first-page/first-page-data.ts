/**
 * What the server writes into `/` and `/search/:term` besides their first GIFs' markup: the
 * data the page would otherwise fetch first, so the site starts from it without asking again.
 * Shared by the server (which writes it) and the site (which reads it); no browser APIs here.
 */
import type { GifsResult } from '@jiffy/fetch-api';

/** The `<script type="application/json">` that carries it. */
export const FIRST_PAGE_SCRIPT_ID = 'jiffy-first-page';

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
};

/** The TanStack Query keys of what the pages show above their grids. */
export const queryKeys = {
  trendingSearches: ['trending-searches'],
  relatedTags: (type: 'gifs' | 'stickers', term: string) => ['related-tags', type, term],
};

/** How many related searches the search page shows (`/ajax/tags/related/…`'s `limit`). */
export const RELATED_TAGS = 10;

/** How many stickers the home page's row shows (one page, no more). */
export const HOME_STICKERS = 8;
/** The grids' page size. */
export const GRID_PAGE = 25;
