import { MAX_OUTPUT_SIDE, type Crop } from './scene.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const RATIOS = { '1:1': 1, '4:3': 4 / 3, '16:9': 16 / 9, '9:16': 9 / 16 } as const;

/** The part of a `width` × `height` frame the crop keeps, in the frame's pixels. */
export function cropRect(width: number, height: number, crop: Crop): Rect {
  if (crop.aspect === 'original') return { x: 0, y: 0, width, height };
  const ratio = RATIOS[crop.aspect];
  const offset = Math.min(1, Math.max(0, crop.offset));
  if (width / height > ratio) {
    // Wider than asked: cut the sides.
    const kept = height * ratio;
    return { x: (width - kept) * offset, y: 0, width: kept, height };
  }
  const kept = width / ratio;
  return { x: 0, y: (height - kept) * offset, width, height: kept };
}

/**
 * The GIF's size for a crop: at most MAX_OUTPUT_SIDE a side, never enlarged, even numbers
 * (what the server's MP4 renditions of it need).
 */
export function outputSize(rect: Pick<Rect, 'width' | 'height'>): {
  width: number;
  height: number;
} {
  const scale = Math.min(1, MAX_OUTPUT_SIDE / Math.max(rect.width, rect.height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(rect.width), height: even(rect.height) };
}
