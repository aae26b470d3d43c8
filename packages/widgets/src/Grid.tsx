import type { Gif as GifObject } from '@jiffy/contracts';
import type { GifsResult } from '@jiffy/fetch-api';
import { Gif, heightFor } from './Gif.tsx';
import { Loader } from './Loader.tsx';
import { tileOptionsOf, type TileOptions } from './tile-options.ts';
import { masonry } from './masonry.ts';
import { useGifPaging } from './use-gif-paging.ts';

/** The grid waits this long after its loader comes into view before it fetches. */
export const GRID_FETCH_DEBOUNCE_MS = 250;

export interface GridProps extends TileOptions {
  /** The caller's paging function: the grid's GIFs come from it. */
  fetchGifs: (offset: number) => Promise<GifsResult>;
  /**
   * The list's first page when the caller already has it (a server-rendered page carries it):
   * its GIFs show on the first render, and `fetchGifs` is asked only for the pages after it.
   */
  firstPage?: GifsResult;
  width: number;
  columns: number;
  gutter?: number;
  noResultsMessage?: string;
  className?: string;
  onGifsFetched?: (gifs: GifObject[]) => void;
  onGifsFetchError?: (error: unknown) => void;
}

/**
 * The masonry grid: columns of floor((width − gutter·(columns−1))/columns), a loader of
 * five coloured dots while more pages remain, paging when the loader comes into view (250 ms
 * debounce), done when a page adds nothing, 'no results' when nothing came, and 'Error loading
 * GIFs.' with 'Try again?' on failure.
 */
export function Grid(props: GridProps) {
  const gutter = props.gutter ?? 6;
  const { gifs, isError, isDoneFetching, loader, retry } = useGifPaging({
    fetchGifs: props.fetchGifs,
    firstPage: props.firstPage,
    debounceMs: GRID_FETCH_DEBOUNCE_MS,
    onErrorStop: false,
    onGifsFetched: props.onGifsFetched,
    onGifsFetchError: props.onGifsFetchError,
  });
  const layout = masonry(gifs, {
    width: props.width,
    columns: props.columns,
    gutter,
    aspect: (gif) => props.width / heightFor(gif, props.width),
  });
  const message = { textAlign: 'center', font: '14px system-ui, sans-serif' } as const;
  return (
    <div
      className={['jiffy-grid', props.className].filter(Boolean).join(' ')}
      style={{ width: props.width }}
    >
      <div style={{ position: 'relative', height: layout.height }}>
        {layout.placed.map(({ item, left, top, width, height }) => (
          <div key={item.id} style={{ position: 'absolute', left, top }}>
            <Gif
              gif={item}
              width={width}
              height={height}
              {...tileOptionsOf(props)}
              layoutType="GRID"
            />
          </div>
        ))}
      </div>
      {isError ? (
        <p className="jiffy-error" style={message}>
          Error loading GIFs.{' '}
          <a
            href="#"
            onClick={(event) => {
              event.preventDefault();
              retry();
            }}
          >
            Try again?
          </a>
        </p>
      ) : null}
      {isDoneFetching && gifs.length === 0 ? (
        <p className="jiffy-no-results" style={message}>
          {props.noResultsMessage ?? 'No GIFs found.'}
        </p>
      ) : null}
      {!isDoneFetching && !isError ? <Loader loaderRef={loader} /> : null}
    </div>
  );
}
