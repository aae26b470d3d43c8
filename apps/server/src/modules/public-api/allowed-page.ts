import type { PageRequest } from './gif-list.repository.ts';

/** How many entries are read at a time while looking for a page of allowed ones. */
const CHUNK = 100;

/**
 * A page of the entries of an ordered source that `allowed` lets through, counted among the
 * allowed ones only: the source is read from its start in chunks until the page is full or the
 * source ends, so refused entries never leave a page short or shift the next one.
 */
export async function allowedPage<T>(
  read: (page: PageRequest) => Promise<T[]>,
  allowed: (entry: T) => boolean,
  page: PageRequest,
): Promise<T[]> {
  const wanted = page.offset + page.limit;
  const kept: T[] = [];
  for (let offset = 0; kept.length < wanted; offset += CHUNK) {
    const chunk = await read({ limit: CHUNK, offset });
    kept.push(...chunk.filter(allowed));
    if (chunk.length < CHUNK) break;
  }
  return kept.slice(page.offset, wanted);
}
