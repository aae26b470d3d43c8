import type { Gif } from '@jiffy/contracts';
import { masonry } from '@jiffy/widgets/masonry';

/** The widget kit's gutter, as the site's grids use it. */
export const GUTTER = 6;
/** The site's grids: 2 columns under 500 px of grid, 3 under 900, else 4 (GifGrid.tsx). */
export const COLUMN_COUNTS = [2, 3, 4] as const;
/** A column width typical of each count (a phone, a tablet, the 1100 px page), to pick columns. */
const TYPICAL_COLUMN = { 2: 176, 3: 229, 4: 262 } as const;

/** A tile's height per pixel of width: the kit's tiles take the fixed_width rendition's shape. */
export function heightRatio(gif: Gif): number {
  const r = gif.images.fixed_width ?? gif.images.original;
  return Number(r?.height ?? 1) / Number(r?.width ?? 1) || 1;
}

/**
 * Where a tile stands in a masonry of `columns` columns, in terms CSS can scale to any column
 * width: its column, and its top as `y` column widths plus `k` gutters.
 */
export interface TilePlace {
  column: number;
  y: number;
  k: number;
}

/** The masonry's height, in the same terms: `y` column widths plus `k` gutters. */
export interface GridHeight {
  y: number;
  k: number;
}

/**
 * The kit's masonry (each tile under the shortest column) for each column count the site
 * uses, so the server's markup puts every tile where the site's grid will put it. Columns are
 * chosen at a typical width for the count; heights scale with the width, so the choice holds
 * at any width but for rounding in near ties.
 */
export function firstGifsLayout(gifs: Gif[]): {
  places: Record<number, TilePlace>[];
  heights: Record<number, GridHeight>;
} {
  const places: Record<number, TilePlace>[] = gifs.map(() => ({}));
  const heights: Record<number, GridHeight> = {};
  for (const columns of COLUMN_COUNTS) {
    const column = TYPICAL_COLUMN[columns];
    const width = column * columns + GUTTER * (columns - 1);
    const laid = masonry(gifs, {
      width,
      columns,
      gutter: GUTTER,
      aspect: (gif) => 1 / heightRatio(gif),
    });
    const sums = Array.from({ length: columns }, () => ({ y: 0, count: 0 }));
    laid.placed.forEach((tile, i) => {
      const index = Math.round(tile.left / (column + GUTTER));
      const sum = sums[index]!;
      places[i]![columns] = { column: index, y: sum.y, k: sum.count };
      sum.y += heightRatio(tile.item);
      sum.count += 1;
    });
    // The tallest column at the typical width, in column widths and gutters.
    const tallest = sums.reduce((a, b) =>
      b.y * column + b.count * GUTTER > a.y * column + a.count * GUTTER ? b : a,
    );
    heights[columns] = { y: tallest.y, k: Math.max(0, tallest.count - 1) };
  }
  return { places, heights };
}

/**
 * The browser's `sizes` for a tile: the site's page is at most 1100 px wide with 16 px each
 * side, so the grid is min(100vw, 1100px) − 32px, and the column count follows its width.
 */
export const TILE_SIZES =
  '(max-width: 531px) calc((100vw - 38px) / 2), (max-width: 931px) calc((100vw - 44px) / 3), (max-width: 1100px) calc((100vw - 50px) / 4), 262px';
