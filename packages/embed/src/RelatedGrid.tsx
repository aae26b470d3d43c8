import { useEffect, useRef, useState } from 'react';
import type { Gif } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import { track } from './analytics.ts';
import { masonry } from '@jiffy/widgets/masonry';

/** The first page has 6 related GIFs, later pages 12, in 3 columns with a 6 px gutter. */
const FIRST_PAGE = 6;
const NEXT_PAGE = 12;
const COLUMNS = 3;
const GUTTER = 6;
/** The grid is as wide as the frame less 30 px of margins. */
const SIDE_MARGINS = 30;
const RESIZE_THROTTLE_MS = 500;

const listOf = (gif: Gif) =>
  gif.is_sticker ? 'stickers' : gif.type === 'video' ? 'videos' : 'gifs';
const aspect = (gif: Gif) => {
  const r = gif.images.fixed_width ?? gif.images.original;
  return Number(r?.width ?? 1) / Number(r?.height ?? 1) || 1;
};

/** The frame's width, re-read at most every 500 ms while it is resized. */
function useThrottledWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setWidth(window.innerWidth);
      }, RESIZE_THROTTLE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, []);
  return width;
}

/**
 * GIFs related to the one playing, from the public API with the embed key, in a 3-column
 * masonry that loads the next page when its end scrolls into view. Reports the height of its
 * first row (the tallest of the first three) so the footer can show exactly that much.
 */
export function RelatedGrid(props: {
  gif: Gif;
  apiKey: string;
  onFirstRow: (height: number) => void;
}) {
  const { gif, apiKey, onFirstRow } = props;
  const [gifs, setGifs] = useState<Gif[]>([]);
  const [done, setDone] = useState(false);
  const loading = useRef(false);
  const end = useRef<HTMLDivElement>(null);
  const width = useThrottledWidth() - SIDE_MARGINS;

  const loadMore = async () => {
    if (loading.current || done) return;
    loading.current = true;
    try {
      const limit = gifs.length === 0 ? FIRST_PAGE : NEXT_PAGE;
      const url = `/v1/${listOf(gif)}/related?gif_id=${encodeURIComponent(gif.id)}&api_key=${encodeURIComponent(apiKey)}&limit=${limit}&offset=${gifs.length}`;
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      const page = ((await response.json()) as { data: Gif[] }).data;
      if (page.length < limit) setDone(true);
      setGifs((before) => [...before, ...page]);
    } catch {
      setDone(true);
    } finally {
      loading.current = false;
    }
  };

  useEffect(() => {
    void loadMore();
  }, []);

  useEffect(() => {
    const target = end.current;
    if (!target || done || gifs.length === 0) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  });

  const layout = masonry(gifs, { width, columns: COLUMNS, gutter: GUTTER, aspect });
  const firstRow = Math.max(0, ...layout.placed.slice(0, COLUMNS).map((p) => p.height));
  useEffect(() => onFirstRow(firstRow), [firstRow, onFirstRow]);

  return (
    <section className="related" aria-label="Related GIFs">
      <h2 className="related-header">Related GIFs</h2>
      <div className="related-grid" style={{ width, height: layout.height }}>
        {layout.placed.map(({ item, left, top, width: w, height: h }) => {
          const still = item.images.fixed_width;
          return (
            <a
              key={item.id}
              className="related-tile"
              href={item.url}
              target="_blank"
              rel="noopener"
              style={{ left, top, width: w, height: h }}
              onClick={() => track(gif.id, 'Click', 'GRID GIF')}
            >
              <img
                src={still?.webp ?? still?.url}
                alt={gifAltText(item)}
                width={w}
                height={h}
                loading="lazy"
              />
            </a>
          );
        })}
      </div>
      <div ref={end} className="related-end" />
    </section>
  );
}
