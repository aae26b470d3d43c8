import type { Gif } from '@jiffy/contracts';
import { gifAltText } from '@jiffy/contracts/alt-text';
import type { EmbedOptions } from './player-props.ts';

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The GIF's media as HTML. Written out rather than as React elements because React does not
 * render `muted` as an attribute on the server, and a muted attribute is what lets a browser
 * autoplay before (or without) any script. GIFs play as an MP4 `<video>` with the still as
 * poster and the GIF inside for browsers without video; stickers (transparent) and anything
 * without an MP4 are a `<picture>` of WebP with the GIF as fallback. A clip (video with sound)
 * plays its sound track with controls.
 */
export function mediaHtml(gif: Gif, options: EmbedOptions): string {
  const original = gif.images.original;
  const alt = escape(gifAltText(gif));
  const gifUrl = escape(original?.url ?? '');
  const clip = gif.video?.assets.source;
  const mp4 = clip?.url ?? original?.mp4;
  if (gif.is_sticker === 1 || !mp4) {
    // srcset: the browser picks among the 200 px, original and downsized widths.
    const candidates = [gif.images.fixed_width, original, gif.images.downsized];
    const set = (key: 'webp' | 'url') => {
      const seen = new Set<string>();
      return candidates
        .flatMap((r) => {
          const file = r?.[key];
          if (!r || !file || seen.has(r.width)) return [];
          seen.add(r.width);
          return [`${escape(file)} ${r.width}w`];
        })
        .join(', ');
    };
    const webp = original?.webp
      ? `<source type="image/webp" srcset="${set('webp')}" sizes="100vw">`
      : '';
    return `<picture>${webp}<img class="media" src="${gifUrl}" srcset="${set('url')}" sizes="100vw" alt="${alt}"></picture>`;
  }
  const poster = gif.images.original_still?.url ?? '';
  const flags = [
    options.autoplay ? 'autoplay' : '',
    options.loop ? 'loop' : '',
    options.muted || !clip ? 'muted' : '',
    clip ? 'controls' : '',
    'playsinline',
  ].filter(Boolean);
  return (
    `<video class="media" ${flags.join(' ')} preload="auto" poster="${escape(poster)}" ` +
    `src="${escape(mp4)}" aria-label="${alt}"><img src="${gifUrl}" alt="${alt}"></video>`
  );
}
