import type { Gif, Rendition } from '@jiffy/contracts';

// Renditions a tile may use, smallest first; each carries a GIF url and usually a WebP.
const CANDIDATES = [
  'fixed_width_small',
  'fixed_height_small',
  'fixed_width',
  'fixed_height',
  'downsized',
  'original',
] as const;

/**
 * The smallest rendition at least as wide and as tall as the tile (at the screen's pixel
 * ratio), or the largest there is (§2: best-fitting rendition, WebP source plus fallback).
 */
export function bestRendition(
  gif: Gif,
  width: number,
  height: number,
  pixelRatio = 1,
): Rendition | undefined {
  const present = CANDIDATES.map((name) => gif.images[name]).filter(
    (r): r is Rendition => !!r?.url,
  );
  present.sort((a, b) => Number(a.width) * Number(a.height) - Number(b.width) * Number(b.height));
  return (
    present.find(
      (r) => Number(r.width) >= width * pixelRatio && Number(r.height) >= height * pixelRatio,
    ) ?? present.at(-1)
  );
}

/** What a screen reader hears for a GIF: alt text, else title, else its tags. */
export const altOf = (gif: Gif): string =>
  gif.alt_text || gif.title || gif.tags.join(', ') || 'GIF';

/** The still of the same size as `rendition` (fixed_width → fixed_width_still, and so on). */
export function stillOf(gif: Gif, rendition: Rendition | undefined): Rendition | undefined {
  if (!rendition) return undefined;
  const name = Object.entries(gif.images).find(([, r]) => r === rendition)?.[0];
  const still = name ? gif.images[`${name}_still` as keyof Gif['images']] : undefined;
  return still ?? gif.images.original_still;
}
