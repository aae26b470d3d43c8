import type { GifsResult } from '@jiffy/fetch-api';
import { useEffect, useState, type ReactNode } from 'react';
import { firstPageOf } from '../first-page/first-page.ts';
import { firstPageOnly } from './first-page-only.ts';
import { GifGrid } from './GifGrid.tsx';

/**
 * A row of one page of GIFs under its heading (the home page's trending stickers), or nothing
 * at all while it has nothing to show: an empty row is a heading over a blank. The server
 * writes the row into the first page's markup on the same rule (first-gifs-markup.ts).
 */
export function GifRow(props: {
  /** The heading's id, which labels the row. */
  id: string;
  heading: ReactNode;
  listKey: string;
  fetchFirst: () => Promise<GifsResult>;
}) {
  const [fetchGifs] = useState(() => firstPageOnly(props.fetchFirst));
  // Known at once from the page the server wrote; else from the first page, which the grid
  // then shows without asking again (firstPageOnly keeps it).
  const [count, setCount] = useState(() => firstPageOf(props.listKey)?.data.length);
  const known = count !== undefined;
  useEffect(() => {
    if (known) return;
    let live = true;
    fetchGifs(0).then(
      (page) => live && setCount(page.data.length),
      // A row that cannot be had is left out, as an empty one: the page goes on without it.
      () => live && setCount(0),
    );
    return () => {
      live = false;
    };
  }, [known, fetchGifs]);
  if (!count) return null;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      <GifGrid listKey={props.listKey} fetchGifs={fetchGifs} onePage />
    </section>
  );
}
