import { fingerprint, type TenorPosition } from './tenor-cursor.ts';

/** Rows to read beyond a page, so a few left out (already shown, filtered) rarely cost a read. */
const MARGIN = 10;
/** Reads one page may take at most; a sparse filter answers a short page and a `next`. */
const MAX_READS = 4;

/**
 * One page of a list read by offset, that never shows again what the page before showed.
 *
 * Offsets alone repeat GIFs when the ranking moves between two requests (trending is
 * recomputed every minute, search scores at each analytics roll-up): a GIF of the last page
 * that falls below its end would be shown again, and one that climbs above it skipped. So each
 * page reads from as far back as the last page's length, leaves out what the last page showed
 * (its fingerprints travel in the cursor), and takes the first `limit` GIFs it has not shown:
 * a GIF that moved up into the last page's span since is still shown, and one that moved down
 * is not shown twice. Only a GIF that falls by more than a whole page between two requests
 * can come back. `keep` filters rows the list cannot (still pictures, aspect ratios).
 */
export async function pageWithoutRepeats<R extends { id: string }>(options: {
  position: TenorPosition | null;
  limit: number;
  /** No page goes past this position (GIPHY's dialect stops offsets at 4999 too). */
  maxDepth: number;
  read(page: { offset: number; limit: number }): Promise<R[]>;
  keep(row: R): boolean;
}): Promise<{ rows: R[]; nextOffset: number | null }> {
  const { position, limit } = options;
  const start = position?.offset ?? 0;
  const shown = new Set(position?.shown ?? []);
  let from = start - Math.min(start, shown.size);
  const chunk = limit + (start - from) + MARGIN;
  const rows: R[] = [];
  let consumed = start;
  for (let reads = 0; reads < MAX_READS && from < options.maxDepth; reads++) {
    const size = Math.min(chunk, options.maxDepth - from);
    const read = await options.read({ offset: from, limit: size });
    for (const [i, row] of read.entries()) {
      const at = from + i;
      if (rows.length === limit) break;
      consumed = Math.max(consumed, at + 1);
      if (shown.has(fingerprint(row.id)) || !options.keep(row)) continue;
      rows.push(row);
    }
    if (rows.length === limit) return { rows, nextOffset: nextOf(consumed, options.maxDepth) };
    if (read.length < size) return { rows, nextOffset: null };
    from += size;
  }
  return { rows, nextOffset: nextOf(consumed, options.maxDepth) };
}

const nextOf = (offset: number, maxDepth: number): number | null =>
  offset >= maxDepth ? null : offset;
