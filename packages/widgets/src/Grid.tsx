import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { Gif as GifObject, GifUser } from '@jiffy/contracts';
import { GifPager } from '@jiffy/fetch-api';
import type { GifsResult } from '@jiffy/fetch-api';
import { LOADER_COLORS } from './colors.ts';
import { Gif, heightFor } from './Gif.tsx';
import { masonry } from './masonry.ts';

/** §9: the grid waits this long after its loader comes into view before it fetches. */
export const GRID_FETCH_DEBOUNCE_MS = 250;

export interface GridProps {
  /** The caller's paging function (§7: the widget's GIF data comes from it). */
  fetchGifs: (offset: number) => Promise<GifsResult>;
  width: number;
  columns: number;
  gutter?: number;
  noResultsMessage?: string;
  noLink?: boolean;
  hideAttribution?: boolean;
  onGifClick?: (gif: GifObject, event: MouseEvent) => void;
  onUserClick?: (user: GifUser) => void;
  onGifsFetched?: (gifs: GifObject[]) => void;
  onGifsFetchError?: (error: unknown) => void;
}

/**
 * The masonry grid (§2/§4): columns of floor((width − gutter·(columns−1))/columns), a loader of
 * five coloured dots while more pages remain, paging when the loader comes into view (250 ms
 * debounce), done when a page adds nothing, 'no results' when nothing came, and 'Error loading
 * GIFs.' with 'Try again?' on failure.
 */
export function Grid(props: GridProps) {
  const gutter = props.gutter ?? 6;
  const [gifs, setGifs] = useState<GifObject[]>([]);
  const [isError, setIsError] = useState(false);
  const [isDoneFetching, setIsDoneFetching] = useState(false);
  const [loaderVisible, setLoaderVisible] = useState(false);
  const [fetching, setFetching] = useState(false);
  const pager = useRef<GifPager | null>(null);
  const loader = useRef<HTMLDivElement>(null);
  pager.current ??= new GifPager(props.fetchGifs);

  useEffect(() => {
    const element = loader.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) =>
      setLoaderVisible(entries.some((e) => e.isIntersecting)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isDoneFetching, isError]);

  useEffect(() => {
    if (!loaderVisible || fetching || isDoneFetching || isError) return;
    const timer = setTimeout(() => {
      setFetching(true);
      pager
        .current!.next()
        .then((page) => {
          if (pager.current!.done) setIsDoneFetching(true);
          if (page.length > 0) {
            setGifs((before) => {
              const next = [...before, ...page];
              props.onGifsFetched?.(next);
              return next;
            });
          }
        })
        .catch((error: unknown) => {
          setIsError(true);
          props.onGifsFetchError?.(error);
        })
        .finally(() => setFetching(false));
    }, GRID_FETCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Re-arms after every page, so a loader still in view fetches the next one at once.
  }, [loaderVisible, fetching, isDoneFetching, isError, gifs.length]);

  const layout = masonry(gifs, {
    width: props.width,
    columns: props.columns,
    gutter,
    aspect: (gif) => props.width / heightFor(gif, props.width),
  });
  return (
    <div className="jiffy-grid" style={{ width: props.width }}>
      <div style={{ position: 'relative', height: layout.height }}>
        {layout.placed.map(({ item, left, top, width, height }) => (
          <div key={item.id} style={{ position: 'absolute', left, top }}>
            <Gif
              gif={item}
              width={width}
              height={height}
              noLink={props.noLink}
              hideAttribution={props.hideAttribution}
              onGifClick={props.onGifClick}
              onUserClick={props.onUserClick}
            />
          </div>
        ))}
      </div>
      {isError ? (
        <p
          className="jiffy-error"
          style={{ textAlign: 'center', font: '14px system-ui, sans-serif' }}
        >
          Error loading GIFs.{' '}
          <a
            href="#"
            onClick={(event) => {
              event.preventDefault();
              setIsError(false);
            }}
          >
            Try again?
          </a>
        </p>
      ) : null}
      {isDoneFetching && gifs.length === 0 ? (
        <p
          className="jiffy-no-results"
          style={{ textAlign: 'center', font: '14px system-ui, sans-serif' }}
        >
          {props.noResultsMessage ?? 'No GIFs found.'}
        </p>
      ) : null}
      {!isDoneFetching && !isError ? (
        <div
          ref={loader}
          className="jiffy-loader"
          role="status"
          aria-label="Loading GIFs"
          style={{ display: 'flex', justifyContent: 'center', gap: 6, padding: 12 }}
        >
          {LOADER_COLORS.map((color) => (
            <span
              key={color}
              style={{ width: 10, height: 10, borderRadius: 5, background: color }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
