import type { Gif, Rendition } from '@jiffy/contracts';

// Renditions a tile may show; each carries a GIF url and, but for downsized, a WebP.
const ANIMATED = [
  'fixed_width_small',
  'fixed_height_small',
  'fixed_width',
  'fixed_height',
  'downsized',
  'original',
] as const;
// Their stills, for visitors who ask for less motion (fixed_width → fixed_width_still...).
const STILLS = ANIMATED.map((name) => `${name}_still` as const);

/** The type of the `<source>` a tile's `<picture>` offers before its GIF. */
export const WEBP_TYPE = 'image/webp';

/**
 * What a tile's `<picture>` says: a WebP `<source>` (when the GIF has WebP renditions) and the
 * `<img>` with the GIFs, each listing every rendition by width for `sizes`, so the browser
 * fetches the smallest that covers the tile at its pixel ratio, as WebP where it takes WebP.
 */
export interface TilePicture {
  webp?: { srcSet: string; sizes: string };
  img: { src: string; srcSet: string; sizes: string };
}

/**
 * A tile's `<picture>` (the best-fitting rendition, WebP source plus fallback), for `sizes`,
 * the tile's width as the browser should see it. The server's first-page markup and the kit's
 * Gif both write theirs from here: the site takes over the server's tiles, and a tile that
 * chose another file there would be downloaded twice.
 */
export function tilePicture(
  gif: Gif,
  sizes: string,
  options: { still?: boolean } = {},
): TilePicture | undefined {
  const names = options.still ? STILLS : ANIMATED;
  const renditions = names.map((name) => gif.images[name]);
  const gifs = byWidth(renditions, 'url', 'size');
  if (!gifs.length) return undefined;
  const webps = byWidth(renditions, 'webp', 'webp_size');
  // The plain src is for a browser that reads no srcset: GIPHY's tile default, fixed_width.
  const src = (options.still ? gif.images.fixed_width_still : gif.images.fixed_width)?.url;
  return {
    ...(webps.length ? { webp: { srcSet: srcsetOf(webps), sizes } } : {}),
    img: { src: src ?? gifs.at(-1)!.url, srcSet: srcsetOf(gifs), sizes },
  };
}

interface Candidate {
  url: string;
  width: number;
  bytes: number;
}

/**
 * One candidate per width, narrowest first. Renditions of one width (original and downsized
 * are often the same file, fixed_width and original for a 200 px source) keep the fewest bytes.
 */
function byWidth(
  renditions: (Rendition | undefined)[],
  url: 'url' | 'webp',
  bytes: 'size' | 'webp_size',
): Candidate[] {
  const kept = new Map<number, Candidate>();
  for (const r of renditions) {
    const width = Number(r?.width);
    const href = r?.[url];
    if (!r || !href || !(width > 0)) continue;
    const size = Number(r[bytes]) || Infinity;
    const before = kept.get(width);
    if (!before || size < before.bytes) kept.set(width, { url: href, width, bytes: size });
  }
  return [...kept.values()].sort((a, b) => a.width - b.width);
}

const srcsetOf = (candidates: Candidate[]) =>
  candidates.map((c) => `${c.url} ${c.width}w`).join(', ');

/** The still of the same size as `rendition` (fixed_width → fixed_width_still, and so on). */
export function stillOf(gif: Gif, rendition: Rendition | undefined): Rendition | undefined {
  if (!rendition) return undefined;
  const name = Object.entries(gif.images).find(([, r]) => r === rendition)?.[0];
  const still = name ? gif.images[`${name}_still` as keyof Gif['images']] : undefined;
  return still ?? gif.images.original_still;
}
