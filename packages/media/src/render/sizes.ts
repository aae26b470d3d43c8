/** Pixel dimensions. */
export interface Size {
  width: number;
  height: number;
}

/** Scales to fit inside `box`, keeping the aspect ratio; never enlarges unless `upscale`. */
export function fitWithin(source: Size, box: Size, upscale = false): Size {
  let scale = Math.min(box.width / source.width, box.height / source.height);
  if (!upscale) scale = Math.min(scale, 1);
  return scaled(source, scale);
}

/**
 * Exactly `width` wide (enlarging if needed), unless that would make it taller than `maxHeight`;
 * then it fits inside `width` x `maxHeight`. The cap keeps a 1:50 strip from becoming huge.
 */
export function toWidth(source: Size, width: number, maxHeight: number): Size {
  return fitWithin(source, { width, height: maxHeight }, true);
}

/** Exactly `height` high unless wider than `maxWidth`; the mirror of `toWidth`. */
export function toHeight(source: Size, height: number, maxWidth: number): Size {
  return fitWithin(source, { width: maxWidth, height }, true);
}

/** H.264 in yuv420p needs even sides: rounds down to even, at least 2. */
export function evenSize(size: Size): Size {
  return { width: even(size.width), height: even(size.height) };
}

/** Same dimensions. */
export function sameSize(a: Size, b: Size): boolean {
  return a.width === b.width && a.height === b.height;
}

/** True when `inner` fits inside `outer` on both sides. */
export function fitsInside(inner: Size, outer: Size): boolean {
  return inner.width <= outer.width && inner.height <= outer.height;
}

/** Scales `size` so its area is about `factor` times the original. */
export function scaleArea(size: Size, factor: number): Size {
  return scaled(size, Math.sqrt(factor));
}

function scaled(size: Size, scale: number): Size {
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

function even(value: number): number {
  return Math.max(2, Math.floor(value / 2) * 2);
}
