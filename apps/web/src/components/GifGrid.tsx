import type { Gif } from '@jiffy/contracts';
import type { GifsResult } from '@jiffy/fetch-api';
import { Grid } from '@jiffy/widgets';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { firstPageOf, forgetFirstPage } from '../first-page/first-page.ts';
import { useWidth } from './use-width.ts';

/** A site path for a GIF's absolute page URL (`https://host/gifs/cat-abc` → `/gifs/cat-abc`). */
export const sitePath = (url: string): string => (URL.canParse(url) ? new URL(url).pathname : url);

/**
 * The site's masonry of GIFs with infinite scroll: the widget kit's Grid at the width of its
 * container (2 columns on phones, up to 4), opening GIF pages inside the app.
 */
export function GifGrid(props: {
  fetchGifs: (offset: number) => Promise<GifsResult>;
  /** Changes when the list is a different one (a new search), to start over. */
  listKey: string;
  noResultsMessage?: string;
  /** The grid shows this one page and stops (a home page row): nothing is fetched after it. */
  onePage?: boolean;
  /**
   * Told how many GIFs the list's first page holds, once it is known (written by the server or
   * fetched): 0 when nothing was found.
   */
  onFirstPage?: (count: number) => void;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  // The first page the server wrote into this page, if it did: shown at once, not fetched. It
  // belongs to the list it was written for: when the grid shows another list (a search inside a
  // channel), that list starts from its own fetch.
  const [writtenFor] = useState(() => ({
    listKey: props.listKey,
    page: firstPageOf(props.listKey),
  }));
  const written = writtenFor.listKey === props.listKey ? writtenFor.page : undefined;
  useEffect(() => forgetFirstPage(props.listKey), [props.listKey]);
  // The latest callback, so that telling it needs no effect to run again.
  const onFirstPage = useRef(props.onFirstPage);
  onFirstPage.current = props.onFirstPage;
  useEffect(() => {
    if (written) onFirstPage.current?.(written.data.length);
  }, [written]);
  const fetchGifs = (offset: number) =>
    props.fetchGifs(offset).then((page) => {
      if (offset === 0) onFirstPage.current?.(page.data.length);
      return page;
    });
  const firstPage =
    written && props.onePage
      ? { ...written, pagination: { ...written.pagination, total_count: written.data.length } }
      : written;
  const navigate = useNavigate();
  const columns = width < 500 ? 2 : width < 900 ? 3 : 4;
  const open = (gif: Gif, event: React.MouseEvent) => {
    // A plain click stays in the app; with a modifier key the browser opens a new tab.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(sitePath(gif.url));
  };
  return (
    <div ref={ref} className="gif-grid">
      {width > 0 ? (
        <Grid
          key={`${props.listKey}:${columns}`}
          width={width}
          columns={columns}
          gutter={6}
          fetchGifs={fetchGifs}
          firstPage={firstPage}
          noResultsMessage={props.noResultsMessage}
          onGifClick={open}
        />
      ) : null}
    </div>
  );
}
