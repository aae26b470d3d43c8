import sharp from 'sharp';
import { mediaErrorFromSharp } from './sharp-errors.ts';
import { inSharpSlot } from './sharp-slots.ts';

/** One decoded frame: RGB bytes, row by row, `size` × `size` pixels. */
export interface SampledFrame {
  index: number;
  size: number;
  rgb: Uint8Array;
}

/**
 * Up to `count` frames spread evenly through an image file (the middle of each of `count`
 * equal stretches, so a 3-frame sample of a long GIF sees its start, middle and end), each
 * flattened onto white and squeezed to `size` × `size` RGB: what an image classifier reads.
 * Meant for a small rendition (the page's `fixed_width` WebP), not an untrusted source.
 */
export async function sampleFrames(
  path: string,
  options: { count: number; size: number },
): Promise<SampledFrame[]> {
  try {
    const meta = await inSharpSlot(() => sharp(path, { failOn: 'error' }).metadata());
    const pages = meta.pages ?? 1;
    const indexes = [
      ...new Set(
        Array.from({ length: Math.min(options.count, pages) }, (_, i) =>
          Math.floor(((i + 0.5) * pages) / Math.min(options.count, pages)),
        ),
      ),
    ];
    return await Promise.all(
      indexes.map(async (index) => {
        const rgb = await inSharpSlot(() =>
          sharp(path, { page: index, pages: 1, failOn: 'error' })
            .flatten({ background: '#ffffff' })
            .resize(options.size, options.size, { fit: 'fill' })
            .removeAlpha()
            .raw()
            .toBuffer(),
        );
        return { index, size: options.size, rgb: new Uint8Array(rgb) };
      }),
    );
  } catch (error) {
    throw mediaErrorFromSharp(error, 'Sampling frames');
  }
}
