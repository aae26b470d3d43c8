import { fingerprint, type TenorPosition } from './tenor-cursor.ts';

/** Rows to read beyond a page, so a few left out (already shown, filtered) rarely cost a read. */
const MARGIN = 10;
/** Reads one page may take at most; a sparse filter answers a short page and a `next`. */
const MAX_READS = 4;

/** Where the next page starts and what it must not show again. */
export type NextPosition = Omit<TenorPosition, 'seed'>;

/**
 * One page of a list read by offset, that never shows again what the pages before showed in
 * the span it reads.
 *
 * Offsets alone repeat GIFs when the ranking moves between two requests (trending is
 * recomputed every minute, search scores at each analytics roll-up): a GIF of the last page
 * that falls below its end would be shown again, and one that climbs above it skipped. So the
 * cursor carries the last `back` positions before its offset and fingerprints of the GIFs
 * shown there; each page reads from that far back, leaves those GIFs out, and takes the first
 * `limit` it has not shown: a GIF that moved up into that span since is still shown, one that
 * moved down is not shown twice. Only a GIF that falls by more than a whole page between two
 * requests can come back. `keep` filters rows the list cannot (still pictures, aspect ratios).
 */
export async function pageWithoutRepeats<R extends { id: string }>(options: {
  position: TenorPosition | null;
  limit: number;
  /** No page goes past this position (GIPHY's dialect stops offsets at 4999 too). */
  maxDepth: number;
  read(page: { offset: number; limit: number }): Promise<R[]>;
  keep(row: R): boolean;
}): Promise<{ rows: R[]; next: NextPosition | null }> {
  const { position, limit } = options;
  const start = position?.offset ?? 0;
  const shownBefore = new Set(position?.shown ?? []);
  const first = start - Math.min(start, position?.back ?? 0);
  const chunk = limit + (start - first) + MARGIN;
  const rows: R[] = [];
  // Positions looked at, and whether the client has seen the GIF there (shown now or before).
  const looked: { at: number; seen: boolean; print: number }[] = [];
  let consumed = start;
  let from = first;
  let ended = false;
  for (
    let reads = 0;
    reads < MAX_READS && from < options.maxDepth && rows.length < limit;
    reads++
  ) {
    const size = Math.min(chunk, options.maxDepth - from);
    const read = await options.read({ offset: from, limit: size });
    for (const [i, row] of read.entries()) {
      if (rows.length === limit) break;
      const at = from + i;
      const print = fingerprint(row.id);
      consumed = Math.max(consumed, at + 1);
      if (shownBefore.has(print)) {
        looked.push({ at, seen: true, print });
      } else if (options.keep(row)) {
        rows.push(row);
        looked.push({ at, seen: true, print });
      } else {
        looked.push({ at, seen: false, print });
      }
    }
    // A short read is the end of the list: no `next` once all of it has been looked at.
    ended = read.length < size && consumed >= from + read.length;
    if (read.length < size) break;
    from += size;
  }
  if (ended || consumed >= options.maxDepth) return { rows, next: null };
  // The next page looks back over this page's last `limit` positions.
  const windowStart = Math.max(first, consumed - limit);
  const shown = looked.filter((l) => l.seen && l.at >= windowStart).map((l) => l.print);
  return { rows, next: { offset: consumed, back: consumed - windowStart, shown } };
}
