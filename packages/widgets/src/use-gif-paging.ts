import { useEffect, useRef, useState } from 'react';
import type { Gif } from '@jiffy/contracts';
import { GifPager, type GifsResult } from '@jiffy/fetch-api';

export interface PagingOptions {
  fetchGifs: (offset: number) => Promise<GifsResult>;
  /** A first page already in hand: shown at once, and paging goes on after it. */
  firstPage?: GifsResult | undefined;
  /** Fetch debounce: 250 ms for the grid, 100 ms for the carousel. */
  debounceMs: number;
  /** The grid shows an error with a retry; the carousel just stops. */
  onErrorStop: boolean;
  onGifsFetched?: ((gifs: Gif[]) => void) | undefined;
  onGifsFetchError?: ((error: unknown) => void) | undefined;
}

/**
 * Widget paging: fetch when the loader is visible and no fetch is in flight (after the
 * debounce, except for the first page), done when a page adds nothing, and again while the
 * loader stays in view.
 */
export function useGifPaging(options: PagingOptions) {
  const pager = useRef<GifPager | null>(null);
  pager.current ??= new GifPager(options.fetchGifs, options.firstPage);
  const [gifs, setGifs] = useState<Gif[]>(() => options.firstPage?.data ?? []);
  const [isError, setIsError] = useState(false);
  const [isDoneFetching, setIsDoneFetching] = useState(() => pager.current!.done);
  const [isLoaderVisible, setIsLoaderVisible] = useState(false);
  const [isFetching, setIsFetching] = useState(false);
  const loader = useRef<HTMLDivElement>(null);
  // With a first page in hand, the next one waits for the debounce like any later page.
  const fetchedAny = useRef(options.firstPage !== undefined);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const element = loader.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) =>
      setIsLoaderVisible(entries.some((e) => e.isIntersecting)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isDoneFetching, isError]);

  useEffect(() => {
    if (!isLoaderVisible || isFetching || isDoneFetching || isError) return;
    // The debounce spaces out pages fetched while scrolling; the first page, with nothing on
    // screen yet, goes at once (a leading-edge call): waiting would only delay the first GIFs.
    const delay = fetchedAny.current ? options.debounceMs : 0;
    const timer = setTimeout(() => {
      fetchedAny.current = true;
      setIsFetching(true);
      pager
        .current!.next()
        .then((page) => {
          if (pager.current!.done) setIsDoneFetching(true);
          if (page.length === 0) return;
          setGifs((before) => {
            const next = [...before, ...page];
            latest.current.onGifsFetched?.(next);
            return next;
          });
        })
        .catch((error: unknown) => {
          latest.current.onGifsFetchError?.(error);
          if (latest.current.onErrorStop) setIsDoneFetching(true);
          else setIsError(true);
        })
        .finally(() => setIsFetching(false));
    }, delay);
    return () => clearTimeout(timer);
  }, [isLoaderVisible, isFetching, isDoneFetching, isError, gifs.length, options.debounceMs]);

  return { gifs, isError, isDoneFetching, loader, retry: () => setIsError(false) };
}
