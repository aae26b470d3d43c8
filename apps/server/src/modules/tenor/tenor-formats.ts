import { tenorFormats, type TenorFormat } from '@jiffy/contracts';

/**
 * Tenor's content formats and the Jiffy rendition each one is. Most are renditions every
 * upload already has; WebM and the 90 px "nano" sizes are not made at upload (that cost stays
 * as it was) but on the first request for their media URL, from a rendition already stored
 * (see OnDemandRenditionService), and kept as rendition rows like the others. The list itself
 * is in `@jiffy/contracts`, beside the answer schemas that name them.
 */
export { tenorFormats, type TenorFormat };

/** A rendition row's key: its name and file format. */
export interface RenditionKey {
  name: string;
  format: string;
}

/** A rendition made on first request: from which stored rendition, at which size. */
export interface OnDemandSpec extends RenditionKey {
  format: 'gif' | 'mp4' | 'webp' | 'webm';
  from: RenditionKey & { format: 'gif' | 'mp4' };
  /** `same`: the source rendition's size; `nano`: 90 px tall. */
  size: 'same' | 'nano';
}

const originalGif = { name: 'original', format: 'gif' } as const;
const originalMp4 = { name: 'original', format: 'mp4' } as const;
const fixedWidthMp4 = { name: 'fixed_width', format: 'mp4' } as const;

/** Every rendition Jiffy makes on first request (for Tenor's dialect). */
export const onDemandRenditions: readonly OnDemandSpec[] = [
  // GIF and WebP from the original GIF keep a sticker's transparency.
  { name: 'nano', format: 'gif', from: originalGif, size: 'nano' },
  { name: 'nano', format: 'webp', from: originalGif, size: 'nano' },
  // Video from the original MP4: the whole clip, as mp4 has it.
  { name: 'nano', format: 'mp4', from: originalMp4, size: 'nano' },
  { name: 'nano', format: 'webm', from: originalMp4, size: 'nano' },
  { name: 'original', format: 'webm', from: originalMp4, size: 'same' },
  { name: 'fixed_width', format: 'webm', from: fixedWidthMp4, size: 'same' },
];

/** The on-demand rendition with this name and format, if it is one. */
export function onDemandSpec(name: string, format: string): OnDemandSpec | undefined {
  return onDemandRenditions.find((r) => r.name === name && r.format === format);
}

const stored = (name: string, format: string): RenditionKey => ({ name, format });
const nano = (format: OnDemandSpec['format']): RenditionKey => onDemandSpec('nano', format)!;

/**
 * Tenor format → Jiffy rendition. `tiny*` are GIPHY's 200 px wide `fixed_width`, `medium` its
 * `downsized` (the GIF under 2 MB), `looped` its `looping` (the MP4 repeated to at least 5 s).
 * The `*_transparent` formats are for stickers only, as on Tenor (Jiffy's sticker GIFs and
 * WebPs keep their transparency).
 */
export const tenorRenditions: Record<TenorFormat, RenditionKey> = {
  preview: stored('original_still', 'gif'),
  gif: stored('original', 'gif'),
  mediumgif: stored('downsized', 'gif'),
  tinygif: stored('fixed_width', 'gif'),
  nanogif: nano('gif'),
  mp4: stored('original', 'mp4'),
  loopedmp4: stored('looping', 'mp4'),
  tinymp4: stored('fixed_width', 'mp4'),
  nanomp4: nano('mp4'),
  webm: onDemandSpec('original', 'webm')!,
  tinywebm: onDemandSpec('fixed_width', 'webm')!,
  nanowebm: nano('webm'),
  webp: stored('original', 'webp'),
  tinywebp: stored('fixed_width', 'webp'),
  nanowebp: nano('webp'),
  gif_transparent: stored('original', 'gif'),
  tinygif_transparent: stored('fixed_width', 'gif'),
  nanogif_transparent: nano('gif'),
  webp_transparent: stored('original', 'webp'),
  tinywebp_transparent: stored('fixed_width', 'webp'),
  nanowebp_transparent: nano('webp'),
};

/** Formats only stickers have. */
export const isTransparentFormat = (format: TenorFormat): boolean =>
  format.endsWith('_transparent');
