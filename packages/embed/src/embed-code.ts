import type { Gif } from '@jiffy/contracts';

/** Embed iframes fit within this box by default. */
const DEFAULT_BOX = 480;

/**
 * The code a site pastes to embed the GIF: the player in an iframe, `size` when given, else the
 * GIF's own size fitted within 480x480.
 */
export function embedCode(gif: Gif, size?: { width: number; height: number }): string {
  const width = Number(gif.images.original?.width ?? DEFAULT_BOX);
  const height = Number(gif.images.original?.height ?? DEFAULT_BOX);
  const scale = Math.min(1, DEFAULT_BOX / width, DEFAULT_BOX / height);
  const w = size?.width ?? Math.round(width * scale);
  const h = size?.height ?? Math.round(height * scale);
  const src = gif.embed_url.replace(/"/g, '&quot;');
  return `<iframe src="${src}" width="${w}" height="${h}" style="border:0" allowfullscreen></iframe>`;
}
