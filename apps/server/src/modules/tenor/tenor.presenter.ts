import type { TenorMedia, TenorResult } from '@jiffy/contracts';
import { nanoSize } from '@jiffy/media';
import {
  mediaUrl,
  ownMediaUrl,
  type ListedGif,
  type ShownRendition,
  type PresenterUrls,
} from '../gifs/index.ts';
import {
  isTransparentFormat,
  onDemandSpec,
  tenorFormats,
  tenorRenditions,
  type TenorFormat,
} from './tenor-formats.ts';

export type { TenorMedia, TenorResult };

/** A GIF to present: its row with its renditions, and how long it lasts. */
export type TenorGif = ListedGif & { renditions: ShownRendition[]; durationMs: number | null };

/** GIF and WebP renditions of a video cover at most its first 15 s (the pipeline's extract). */
const EXTRACT_MS = 15_000;
/** `looping` repeats the MP4 until it lasts 5 s (packages/media, plan.ts). */
const LOOPING_MIN_MS = 5_000;

/**
 * A Jiffy GIF as Tenor's response object. `media_formats` lists the formats asked for
 * (`media_filter`, or all) that this GIF has: the renditions it has, and those made on first
 * request (WebM, nano) whose source it has, with their planned size and `size` 0 until made.
 * Transparent formats are for stickers only, as on Tenor.
 *
 * One not made yet has no file anywhere, so its URL is on Jiffy's own `/media`, which makes and
 * stores it, even when MEDIA_BASE_URL is a bucket; once made, the answer names the stored file
 * like any other. Making them at upload instead would cost every upload six more encodes (a
 * full-size WebM the dearest) for formats only some Tenor clients ever ask for.
 */
export function presentTenorResult(
  gif: TenorGif,
  urls: PresenterUrls,
  formats: readonly TenorFormat[] = tenorFormats,
): TenorResult {
  const find = (name: string, format: string) =>
    gif.renditions.find((r) => r.name === name && r.format === format);
  const original = find('original', 'gif') ?? find('original', 'mp4');
  // Rows made before their renditions (none yet) are not known to be still.
  const still = original !== undefined && original.frames <= 1;
  const sticker = gif.type === 'sticker';
  const media: Partial<Record<TenorFormat, TenorMedia>> = {};
  for (const format of formats) {
    if (isTransparentFormat(format) && !sticker) continue;
    const key = tenorRenditions[format];
    const row = find(key.name, key.format);
    const spec = row ? undefined : onDemandSpec(key.name, key.format);
    const source = spec && find(spec.from.name, spec.from.format);
    if (!row && !source) continue;
    const dims = row
      ? ([row.width, row.height] as [number, number])
      : spec!.size === 'nano'
        ? sizeOf(nanoSize({ width: source!.width, height: source!.height }))
        : ([source!.width, source!.height] as [number, number]);
    media[format] = {
      url: row
        ? mediaUrl(urls.mediaBaseUrl, row)
        : ownMediaUrl(urls.publicUrl, { gif_id: gif.id, name: key.name, format: key.format }),
      dims,
      duration: still ? 0 : durationOf(gif, key.name, key.format),
      size: row ? Number(row.bytes) : 0,
      preview: '',
    };
  }
  return {
    id: gif.id,
    title: gif.title,
    content_description: describe(gif),
    itemurl: `${urls.publicUrl}/gifs/${gif.slug}`,
    url: `${urls.publicUrl}/gifs/${gif.id}`,
    tags: gif.tags,
    created: gif.created_at.getTime() / 1000,
    hasaudio: gif.type === 'video',
    hascaption: false,
    flags: [...(sticker ? ['sticker'] : []), ...(still ? ['static'] : [])],
    bg_color: '',
    media_formats: media,
  };
}

const kinds = { gif: 'GIF', sticker: 'Sticker', video: 'Clip' } as const;

/**
 * The alt text a client posts with the GIF (Mastodon's pickers do): its own, else its title,
 * else what it is and its tags. Never empty, as Tenor's never is: a GIF uploaded through the
 * API with tags only would otherwise be posted with no description at all.
 */
function describe(gif: TenorGif): string {
  if (gif.alt_text || gif.title) return gif.alt_text || gif.title;
  const kind = kinds[gif.type];
  return gif.tags.length > 0 ? `${kind} tagged ${gif.tags.join(', ')}` : kind;
}

const sizeOf = (size: { width: number; height: number }): [number, number] => [
  size.width,
  size.height,
];

/** Seconds one loop of a rendition lasts, from the GIF's duration. */
function durationOf(gif: TenorGif, name: string, format: string): number {
  const ms = gif.durationMs ?? 0;
  if (ms <= 0) return 0;
  if (name === 'looping') return (Math.min(50, Math.ceil(LOOPING_MIN_MS / ms)) * ms) / 1000;
  const animatedImage = format === 'gif' || format === 'webp';
  return (gif.type === 'video' && animatedImage ? Math.min(ms, EXTRACT_MS) : ms) / 1000;
}
