import type { Gif } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';

/**
 * The GIF as large as the page allows: its MP4 (stickers: the animated WebP/GIF). The server
 * writes the same element into a GIF page's HTML (web-app gifPageMarkup).
 */
export function GifMedia({ gif }: { gif: Gif }) {
  const original = gif.images.original;
  const width = Number(original?.width ?? 480);
  const height = Number(original?.height ?? 270);
  const alt = gifAltText(gif);
  const style = { aspectRatio: `${width} / ${height}` };
  if (original?.mp4 && !gif.is_sticker)
    return (
      <video
        className="gif-media"
        style={style}
        src={original.mp4}
        poster={gif.images.original_still?.url}
        width={width}
        height={height}
        autoPlay
        loop
        muted
        playsInline
        aria-label={alt}
      />
    );
  return (
    <picture>
      {original?.webp ? <source type="image/webp" srcSet={original.webp} /> : null}
      <img
        className="gif-media"
        style={style}
        src={original?.url}
        width={width}
        height={height}
        alt={alt}
      />
    </picture>
  );
}
