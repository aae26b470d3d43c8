/** Where one tile of a masonry grid goes. */
export interface Placed<T> {
  item: T;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Masonry layout: `columns` columns of width floor((width − gutter·(columns−1)) /
 * columns); each item goes under the shortest column, its height from its aspect ratio.
 */
export function masonry<T>(
  items: T[],
  options: { width: number; columns: number; gutter: number; aspect: (item: T) => number },
): { placed: Placed<T>[]; height: number } {
  const { columns, gutter } = options;
  const columnWidth = Math.floor((options.width - gutter * (columns - 1)) / columns);
  const heights = new Array<number>(columns).fill(0);
  const placed = items.map((item) => {
    const column = heights.indexOf(Math.min(...heights));
    const height = Math.round(columnWidth / options.aspect(item));
    const tile = {
      item,
      left: column * (columnWidth + gutter),
      top: heights[column]!,
      width: columnWidth,
      height,
    };
    heights[column]! += height + gutter;
    return tile;
  });
  return { placed, height: Math.max(0, ...heights.map((h) => h - gutter)) };
}
