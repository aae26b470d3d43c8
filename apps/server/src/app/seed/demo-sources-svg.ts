import type { DemoShape } from './demo-catalog-types.ts';
import { TAU } from './demo-sources-scene.ts';

/** One decimal is plenty at these sizes and keeps SVG text short and stable. */
export function num(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** Wraps scene markup in a root element; the background rect is omitted for stickers. */
export function svgDocument(options: {
  width: number;
  height: number;
  body: string;
  background?: string;
}): string {
  const { width, height, body, background } = options;
  const fill =
    background === undefined
      ? ''
      : `<rect width="${width}" height="${height}" fill="${background}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${fill}${body}</svg>`;
}

/** Points of a regular polygon (or star when `inner` is set) as an SVG `points` list. */
export function polygonPoints(options: {
  cx: number;
  cy: number;
  radius: number;
  sides: number;
  rotation?: number;
  inner?: number;
}): string {
  const { cx, cy, radius, sides, rotation = 0, inner } = options;
  const count = inner === undefined ? sides : sides * 2;
  const points: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = inner !== undefined && i % 2 === 1 ? inner : radius;
    // Start at the top (−π/2) so triangles and stars point up at rotation 0.
    const angle = rotation - Math.PI / 2 + (i / count) * TAU;
    points.push(`${num(cx + Math.cos(angle) * r)},${num(cy + Math.sin(angle) * r)}`);
  }
  return points.join(' ');
}

/** A heart path centred on (cx, cy), `size` wide. */
export function heartPath(options: { cx: number; cy: number; size: number }): string {
  const { cx, cy, size } = options;
  const s = size / 2;
  const top = cy - s * 0.45;
  return (
    `M${num(cx)},${num(cy + s * 0.9)} ` +
    `C${num(cx - s * 1.3)},${num(cy + s * 0.05)} ${num(cx - s * 0.95)},${num(top - s * 0.75)} ${num(cx)},${num(top)} ` +
    `C${num(cx + s * 0.95)},${num(top - s * 0.75)} ${num(cx + s * 1.3)},${num(cy + s * 0.05)} ${num(cx)},${num(cy + s * 0.9)}Z`
  );
}

/** Any of the catalog's named shapes as one SVG element; `size` is the bounding diameter. */
export function shapeElement(options: {
  shape: DemoShape;
  cx: number;
  cy: number;
  size: number;
  fill: string;
  rotation?: number;
  extra?: string;
}): string {
  const { shape, cx, cy, size, fill, rotation = 0, extra = '' } = options;
  const r = size / 2;
  const attrs = `fill="${fill}"${extra}`;
  switch (shape) {
    case 'circle':
      return `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" ${attrs}/>`;
    case 'heart': {
      const turn = `transform="rotate(${num((rotation * 360) / TAU)} ${num(cx)} ${num(cy)})"`;
      return `<path d="${heartPath({ cx, cy, size })}" ${attrs} ${turn}/>`;
    }
    case 'star':
      return `<polygon points="${polygonPoints({ cx, cy, radius: r, sides: 5, rotation, inner: r * 0.45 })}" ${attrs}/>`;
    case 'triangle':
      return `<polygon points="${polygonPoints({ cx, cy, radius: r, sides: 3, rotation })}" ${attrs}/>`;
    case 'square':
      return `<polygon points="${polygonPoints({ cx, cy, radius: r, sides: 4, rotation: rotation + Math.PI / 4 })}" ${attrs}/>`;
    case 'hexagon':
      return `<polygon points="${polygonPoints({ cx, cy, radius: r, sides: 6, rotation })}" ${attrs}/>`;
  }
}

/** Number of sides a shape repeats after, so rotations can loop seamlessly (circle: any). */
export function shapeSymmetry(shape: DemoShape): number {
  const sides: Record<DemoShape, number> = {
    circle: 1,
    heart: 1,
    star: 5,
    triangle: 3,
    square: 4,
    hexagon: 6,
  };
  return sides[shape];
}

/** Smooth 0→1→0 bump over the loop, peaking at `center` with the given half-width. */
export function bump(options: { t: number; center: number; width: number }): number {
  const { t, center, width } = options;
  // Wrap distance so a bump near the loop's end also shows at its start.
  const d = Math.min(Math.abs(t - center), 1 - Math.abs(t - center));
  return d >= width ? 0 : 0.5 + 0.5 * Math.cos((d / width) * Math.PI);
}
