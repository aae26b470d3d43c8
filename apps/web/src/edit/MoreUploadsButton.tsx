import type { useOwnGifs } from './own-gifs.ts';

/**
 * "More uploads" under a list of the user's own GIFs, while the server has more pages (100 a
 * page): a picker that stopped at the first page would hide a prolific creator's older uploads.
 */
export function MoreUploadsButton({ list }: { list: ReturnType<typeof useOwnGifs> }) {
  if (!list.hasNextPage) return null;
  return (
    <button
      type="button"
      className="secondary"
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? 'Loading more…' : 'More uploads'}
    </button>
  );
}
