import type { GifsResult } from '@jiffy/fetch-api';

/**
 * A paging function for a grid that shows one page and stops (a home page row): the first
 * page once, then an empty page, which tells the grid it is done, without asking again.
 */
export function firstPageOnly(fetchFirst: () => Promise<GifsResult>) {
  let first: Promise<GifsResult> | undefined;
  return async (offset: number): Promise<GifsResult> => {
    first ??= fetchFirst();
    const page = await first;
    return offset === 0 ? page : { ...page, data: [] };
  };
}
