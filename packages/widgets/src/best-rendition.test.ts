import type { Gif } from '@jiffy/contracts';
import { describe, expect, it } from 'vitest';
import { tilePicture } from './best-rendition.ts';

const media = (name: string, format: string) => `/media/sq/${name}.${format}`;
/** A rendition with its GIF and, unless `webp` is false, its WebP, and their sizes in bytes. */
const rendition = (name: string, width: number, bytes: number, webp = true) => ({
  width: String(width),
  height: String(width),
  url: media(name, 'gif'),
  size: String(bytes),
  ...(webp ? { webp: media(name, 'webp'), webp_size: String(bytes / 4) } : {}),
});

// A 300x300 upload as the pipeline renders it: original wider than fixed_*, downsized the
// original GIF again with no WebP (the shape where the site and the server once chose apart).
const square = {
  id: 'sq',
  title: 'Square',
  tags: [],
  images: {
    fixed_width_small: rendition('fixed_width_small', 100, 4000),
    fixed_height_small: rendition('fixed_height_small', 100, 4100),
    fixed_width: rendition('fixed_width', 200, 9000),
    fixed_height: rendition('fixed_height', 200, 9100),
    downsized: rendition('downsized', 300, 15000, false),
    original: rendition('original', 300, 15000),
    fixed_width_still: { width: '200', height: '200', url: media('fixed_width_still', 'gif') },
    original_still: { width: '300', height: '300', url: media('original_still', 'gif') },
  },
} as unknown as Gif;

describe('tilePicture', () => {
  it('lists one rendition per width, the lightest, WebP and GIF apart, with the given sizes', () => {
    expect(tilePicture(square, '262px')).toEqual({
      webp: {
        srcSet: [
          '/media/sq/fixed_width_small.webp 100w',
          '/media/sq/fixed_width.webp 200w',
          '/media/sq/original.webp 300w',
        ].join(', '),
        sizes: '262px',
      },
      img: {
        src: '/media/sq/fixed_width.gif',
        srcSet: [
          '/media/sq/fixed_width_small.gif 100w',
          '/media/sq/fixed_width.gif 200w',
          '/media/sq/downsized.gif 300w',
        ].join(', '),
        sizes: '262px',
      },
    });
  });

  it('lists the stills for less motion, and nothing for a GIF with no renditions', () => {
    expect(tilePicture(square, '100px', { still: true })).toEqual({
      img: {
        src: '/media/sq/fixed_width_still.gif',
        srcSet: '/media/sq/fixed_width_still.gif 200w, /media/sq/original_still.gif 300w',
        sizes: '100px',
      },
    });
    expect(tilePicture({ ...square, images: {} }, '100px')).toBeUndefined();
  });
});
