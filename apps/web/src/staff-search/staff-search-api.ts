import type { Gif } from '@jiffy/contracts';
import { siteBody } from '../api/site-fetch.ts';

/** A found GIF: its object and what staff judge it by. */
export interface StaffGif extends Gif {
  moderation: {
    status: string;
    failure_code: string | null;
    rating: string;
    is_sticker: boolean;
    uploader_username: string | null;
    original_bytes: number | null;
    reports: { total: number; open: number };
    flags: { total: number; open: number };
    views: number;
    created_at: string;
  };
}

export interface StaffSearchAnswer {
  count: number;
  results: StaffGif[];
  gps_keywords: string[];
}

/** The filters the page sends, as the server names them; empty ones are left out. */
export const filterNames = [
  'q',
  'username',
  'status',
  'rating',
  'type',
  'lang',
  'has_reports',
  'flagged',
  'created_from',
  'created_to',
] as const;

export const PAGE_SIZE = 25;

/** The filters of the page's address, without the empty ones and the offset. */
export function filtersOf(params: URLSearchParams): URLSearchParams {
  const filters = new URLSearchParams();
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters.set(name, value);
  }
  return filters;
}

/** One page of finds (`GET /api/v1/search-service/search/`). */
export function searchLibrary(filters: URLSearchParams, offset: number) {
  const query = new URLSearchParams(filters);
  query.set('offset', String(offset));
  query.set('limit', String(PAGE_SIZE));
  return siteBody<StaffSearchAnswer>(`/api/v1/search-service/search/?${query}`);
}

/** The address of the CSV of every find (a plain link: the browser sends the session cookie). */
export const csvUrl = (filters: URLSearchParams) => `/api/v1/search-service/csv/?${filters}`;
