import { z } from 'zod';

/**
 * GIPHY's `images` object. Sizes and dimensions are strings, as GIPHY sends them; a rendition
 * carries `url`/`size` for its GIF (or still image), `mp4`/`mp4_size` and `webp`/`webp_size`
 * where those formats exist.
 */
export const renditionSchema = z
  .object({
    width: z.string(),
    height: z.string(),
    size: z.string().optional(),
    url: z.string().optional(),
    mp4: z.string().optional(),
    mp4_size: z.string().optional(),
    webp: z.string().optional(),
    webp_size: z.string().optional(),
    frames: z.string().optional(),
    hash: z.string().optional(),
  })
  .meta({ id: 'Rendition' });
export type Rendition = z.infer<typeof renditionSchema>;

/** Every rendition name Jiffy produces, in GIPHY's spelling. */
export const renditionNames = [
  'original',
  'original_still',
  'original_mp4',
  'fixed_height',
  'fixed_height_still',
  'fixed_height_downsampled',
  'fixed_height_small',
  'fixed_height_small_still',
  'fixed_width',
  'fixed_width_still',
  'fixed_width_downsampled',
  'fixed_width_small',
  'fixed_width_small_still',
  'downsized',
  'downsized_still',
  'downsized_medium',
  'downsized_large',
  'downsized_small',
  'preview',
  'preview_gif',
  'preview_webp',
  'looping',
  '480w_still',
  'hd',
] as const;

/** A GIF object's `images`: rendition name → rendition (hd only when the source qualifies). */
export const imagesSchema = z
  .partialRecord(z.enum(renditionNames), renditionSchema)
  .meta({ id: 'Images' });
export type Images = z.infer<typeof imagesSchema>;

/** Formats a rendition file can have; the extension of its media URL. */
export const renditionFormats = ['gif', 'mp4', 'webp', 'jpg', 'png', 'webm'] as const;
export type RenditionFileFormat = (typeof renditionFormats)[number];

/** Content type served for each rendition format. */
export const renditionContentTypes: Record<RenditionFileFormat, string> = {
  gif: 'image/gif',
  mp4: 'video/mp4',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  webm: 'video/webm',
};
