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
 * The file is decoded once, up to the last frame sampled (a later frame of an animation needs
 * the ones before it anyway), so it is meant for a small rendition (the page's `fixed_width` WebP), not an untrusted source.
 */
export async function sampleFrames(
  path: string,
  options: { count: number; size: number },
): Promise<SampledFrame[]> {
  try {
    const meta = await inSharpSlot(() => sharp(path, { failOn: 'error' }).metadata());
    const total = meta.pages ?? 1;
    const count = Math.min(options.count, total);
    const indexes = [
      ...new Set(Array.from({ length: count }, (_, i) => Math.floor(((i + 0.5) * total) / count))),
    ];
    // Frames after the last one sampled are not decoded.
    const { data, info } = await inSharpSlot(() =>
      sharp(path, { pages: indexes.at(-1)! + 1, failOn: 'error' })
        .flatten({ background: '#ffffff' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    const pageHeight = info.pageHeight ?? info.height;
    const pageBytes = info.width * pageHeight * 3;
    return await Promise.all(
      indexes.map(async (index) => {
        const page = data.subarray(index * pageBytes, (index + 1) * pageBytes);
        const rgb = await inSharpSlot(() =>
          sharp(page, { raw: { width: info.width, height: pageHeight, channels: 3 } })
            .resize(options.size, options.size, { fit: 'fill' })
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
