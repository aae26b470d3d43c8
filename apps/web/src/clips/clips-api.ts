import type { GifsResult } from '@jiffy/fetch-api';
import { api } from '../api/client.ts';

/** Clips asked for at a time: a feed of large players, so fewer than a grid's 25. */
export const CLIPS_PAGE_SIZE = 10;

/** One page of clips: trending, or those matching `term` (GIPHY's videos endpoints). */
export function clipsPage(term: string, offset: number): Promise<GifsResult> {
  const options = { type: 'videos', offset, limit: CLIPS_PAGE_SIZE } as const;
  return term ? api.search(term, options) : api.trending(options);
}

/** The offset of the page after `page`, or undefined at the end of the list. */
export function nextClipsOffset(page: GifsResult): number | undefined {
  const { offset, count, total_count } = page.pagination;
  const next = offset + count;
  return count > 0 && next < total_count ? next : undefined;
}
