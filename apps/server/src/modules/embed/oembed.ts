import type { Gif, Rendition } from '@jiffy/contracts';
import { embedCode } from '@jiffy/embed/server';

/** The size limits an oEmbed consumer may send. */
export interface OembedLimits {
  maxWidth: number | null;
  maxHeight: number | null;
}

// Largest first: the best rendition that fits the consumer's limits is the answer.
const photoRenditions = [
  'original',
  'downsized',
  'fixed_width',
  'fixed_height',
  'fixed_width_small',
  'fixed_height_small',
] as const;

// The stills, largest first: the thumbnail is the largest within the limits too.
const stillRenditions = [
  'original_still',
  '480w_still',
  'downsized_still',
  'fixed_width_still',
  'fixed_height_still',
  'fixed_width_small_still',
  'fixed_height_small_still',
] as const;

const fits = (width: number, height: number, limits: OembedLimits) =>
  (limits.maxWidth === null || width <= limits.maxWidth) &&
  (limits.maxHeight === null || height <= limits.maxHeight);

/** Scales width x height down (never up) to fit the limits. */
function fitted(width: number, height: number, limits: OembedLimits) {
  const scale = Math.min(
    1,
    limits.maxWidth === null ? 1 : limits.maxWidth / width,
    limits.maxHeight === null ? 1 : limits.maxHeight / height,
  );
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  };
}

/**
 * The oEmbed answer for a GIF (oembed.com, version 1.0): GIFs and stickers are `photo`, the
 * largest rendition within maxwidth/maxheight; clips are `video` with the player's iframe.
 * Null when no rendition is small enough (the provider then answers 404).
 */
export function oembedFor(
  gif: Gif,
  limits: OembedLimits,
  provider: { name: string; url: string },
): Record<string, unknown> | null {
  const common = {
    version: '1.0',
    title: gif.title || gif.alt_text || 'GIF',
    provider_name: provider.name,
    provider_url: provider.url,
    cache_age: 86400,
    ...(gif.user
      ? {
          author_name: gif.user.display_name || gif.user.username,
          author_url: gif.user.profile_url,
        }
      : {}),
    ...thumbnail(gif, limits),
  };
  if (gif.type === 'video') {
    const original = gif.images.original;
    const size = fitted(Number(original?.width ?? 480), Number(original?.height ?? 270), limits);
    return { ...common, type: 'video', ...size, html: embedCode(gif, size) };
  }
  for (const name of photoRenditions) {
    const rendition = gif.images[name];
    if (!rendition?.url) continue;
    const width = Number(rendition.width);
    const height = Number(rendition.height);
    if (fits(width, height, limits))
      return { ...common, type: 'photo', url: rendition.url, width, height };
  }
  return null;
}

/** The largest still within the limits, as the spec asks of a thumbnail; none when none fits. */
function thumbnail(gif: Gif, limits: OembedLimits) {
  const still = stillRenditions
    .map((name) => gif.images[name])
    .find(
      (rendition): rendition is Rendition =>
        !!rendition?.url && fits(Number(rendition.width), Number(rendition.height), limits),
    );
  return still
    ? {
        thumbnail_url: still.url,
        thumbnail_width: Number(still.width),
        thumbnail_height: Number(still.height),
      }
    : {};
}
