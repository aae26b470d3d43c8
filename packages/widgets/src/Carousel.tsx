import type { Gif as GifObject } from '@jiffy/contracts';
import type { GifsResult } from '@jiffy/fetch-api';
import { Gif } from './Gif.tsx';
import { Loader } from './Loader.tsx';
import { tileOptionsOf, type TileOptions } from './tile-options.ts';
import { useGifPaging } from './use-gif-paging.ts';

/** The carousel waits this long after its loader comes into view before it fetches. */
export const CAROUSEL_FETCH_DEBOUNCE_MS = 100;
/** Space between carousel tiles. */
export const CAROUSEL_GUTTER = 30;

export interface CarouselProps extends TileOptions {
  fetchGifs: (offset: number) => Promise<GifsResult>;
  /** Every tile's height; widths follow each GIF's proportions unless `gifWidth` is set. */
  gifHeight: number;
  gifWidth?: number;
  gutter?: number;
  noResultsMessage?: string;
  className?: string;
  onGifsFetched?: (gifs: GifObject[]) => void;
  onGifsFetchError?: (error: unknown) => void;
}

const widthFor = (gif: GifObject, height: number): number => {
  const r = gif.images.fixed_height ?? gif.images.original;
  return Math.round((height * Number(r?.width ?? 1)) / Number(r?.height ?? 1)) || height;
};

/**
 * The carousel: a horizontal scrolling row that loads more when its trailing loader
 * comes into view (100 ms debounce); a failed page just ends the loading, with no error link.
 */
export function Carousel(props: CarouselProps) {
  const gutter = props.gutter ?? CAROUSEL_GUTTER;
  const { gifs, isDoneFetching, loader } = useGifPaging({
    fetchGifs: props.fetchGifs,
    debounceMs: CAROUSEL_FETCH_DEBOUNCE_MS,
    onErrorStop: true,
    onGifsFetched: props.onGifsFetched,
    onGifsFetchError: props.onGifsFetchError,
  });
  return (
    <div
      className={['jiffy-carousel', props.className].filter(Boolean).join(' ')}
      style={{ display: 'flex', gap: gutter, overflowX: 'auto', height: props.gifHeight }}
    >
      {gifs.map((gif) => (
        <div key={gif.id} style={{ flex: 'none' }}>
          <Gif
            gif={gif}
            height={props.gifHeight}
            width={props.gifWidth ?? widthFor(gif, props.gifHeight)}
            {...tileOptionsOf(props)}
            layoutType="CAROUSEL"
          />
        </div>
      ))}
      {isDoneFetching && gifs.length === 0 ? (
        <p className="jiffy-no-results">{props.noResultsMessage ?? 'No GIFs found.'}</p>
      ) : null}
      {!isDoneFetching ? <Loader loaderRef={loader} inline /> : null}
    </div>
  );
}
