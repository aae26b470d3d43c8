import type { Size } from './sizes.ts';

/** Where each tile of a canvas sits, and the canvas's size. */
export interface CanvasLayout {
  width: number;
  height: number;
  at: Array<{ x: number; y: number }>;
}

/**
 * paletteuse's ordered dither reads an 8×8 Bayer matrix at (x & 7, y & 7): a tile placed at a
 * multiple of 8 is dithered exactly as it would be on a frame of its own.
 */
const align = 8;

const up = (n: number): number => Math.ceil(n / align) * align;

/**
 * Packs the GIF sizes of a job onto one canvas, so one paletteuse dithers them all (each
 * instance allocates and zeroes a 16 MB colour cache; see `stackedGifChains`). First-fit
 * shelves, tallest tiles first, on a canvas about as wide as it is high (or as wide as the
 * widest tile): little padding, so little extra memory while frames wait for the palette.
 */
export function layoutCanvas(tiles: readonly Size[]): CanvasLayout {
  const area = tiles.reduce((sum, t) => sum + up(t.width) * up(t.height), 0);
  const widest = Math.max(...tiles.map((t) => t.width));
  const maxWidth = Math.max(widest, up(Math.ceil(Math.sqrt(area))));
  const order = tiles.map((_, i) => i).sort((a, b) => tiles[b]!.height - tiles[a]!.height);
  const shelves: Array<{ y: number; height: number; x: number }> = [];
  const at: Array<{ x: number; y: number }> = tiles.map(() => ({ x: 0, y: 0 }));
  for (const i of order) {
    const tile = tiles[i]!;
    let shelf = shelves.find((s) => s.x + tile.width <= maxWidth);
    if (!shelf) {
      const last = shelves.at(-1);
      shelf = { y: last ? up(last.y + last.height) : 0, height: tile.height, x: 0 };
      shelves.push(shelf);
    }
    at[i] = { x: shelf.x, y: shelf.y };
    shelf.x = up(shelf.x + tile.width);
  }
  return {
    width: Math.max(...tiles.map((t, i) => at[i]!.x + t.width)),
    height: Math.max(...tiles.map((t, i) => at[i]!.y + t.height)),
    at,
  };
}

/** One GIF cut from the dithered canvas. */
export interface CanvasGif {
  /** Index of its tile (its size) in `tiles`. */
  tile: number;
  /** Its output label. */
  label: string;
  /** Frames it keeps of the canvas's (a pick's `select`), or ''. */
  subset: string;
}

/**
 * Every GIF of a job that shares its palette, dithered by one paletteuse: each size's frames
 * are stacked onto one canvas (xstack), dithered with the shared palette, and each GIF is
 * cropped back out of it (a pick then keeps its few frames, already dithered). Each
 * paletteuse instance allocates and zeroes a 16 MB colour cache (2^20 entries since alpha
 * support), which on small GIFs costs more than the dithering itself. The dither is ordered
 * (Bayer) and every pixel's index depends only on its colour, its position modulo 8 and the
 * palette, so the GIFs come out byte-identical to one paletteuse per GIF.
 */
export function stackedGifChains(options: {
  /** The label carrying each tile's frames (opaque to ffmpeg's auto-converter: any RGB). */
  tiles: readonly string[];
  sizes: readonly Size[];
  palette: string;
  gifs: readonly CanvasGif[];
  use: string;
  /**
   * Paint the gaps between tiles black (xstack's `fill`, ffmpeg 4.4 on). Without it they hold
   * whatever the frame's memory held: cropped away all the same, but dithered too.
   */
  fill: boolean;
  fresh: () => string;
}): string[] {
  const { tiles, sizes, gifs, fresh } = options;
  const layout = layoutCanvas(sizes);
  const canvas = fresh();
  const chains: string[] = [];
  if (tiles.length > 1) {
    const places = layout.at.map((p) => `${p.x}_${p.y}`).join('|');
    chains.push(
      `${tiles.map((t) => `[${t}]`).join('')}xstack=inputs=${tiles.length}:layout=${places}${options.fill ? ':fill=black' : ''},setsar=1[${canvas}]`,
    );
  } else {
    chains.push(`[${tiles[0]}]setsar=1[${canvas}]`);
  }
  const tails = gifs.map((gif) => {
    const { width, height } = sizes[gif.tile]!;
    const { x, y } = layout.at[gif.tile]!;
    const crop = tiles.length > 1 ? `crop=${width}:${height}:${x}:${y}` : '';
    return [crop, gif.subset].filter(Boolean).join(',');
  });
  // A GIF that takes the canvas as it is gets its label straight from the split.
  const cut = gifs.map((gif, i) => (tails[i] ? fresh() : gif.label));
  const split = gifs.length > 1 ? `,split=${gifs.length}` : '';
  chains.push(
    `[${canvas}][${options.palette}]${options.use}${split}${cut.map((l) => `[${l}]`).join('')}`,
  );
  gifs.forEach((gif, i) => {
    if (tails[i]) chains.push(`[${cut[i]}]${tails[i]}[${gif.label}]`);
  });
  return chains;
}
