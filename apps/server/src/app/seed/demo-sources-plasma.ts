import { hexToRgb } from './demo-sources-palettes.ts';
import { TAU, type SceneDefinition } from './demo-sources-scene.ts';

// Computing one value per 3×3 block gives a chunky retro look and, more importantly,
// long runs of equal pixels that LZW compresses well; per-pixel plasma GIFs are ~5× bigger.
const BLOCK = 3;
// A fixed ramp of colours rather than continuous ones keeps the GIF palette exact.
const LEVELS = 16;

/**
 * Classic demoscene plasma: a sum of sines over x, y, the diagonal and the distance to a
 * point, cycling through the palette. Drawn per pixel, so it returns raw RGB.
 */
export const plasmaScene: SceneDefinition = {
  frames: 10,
  create: ({ width, height, palette, random }) => {
    const stops = [palette.colors[0], palette.colors[1], palette.colors[2], palette.background].map(
      hexToRgb,
    );
    const ramp = Array.from({ length: LEVELS }, (_, i) => {
      const pos = (i / LEVELS) * stops.length;
      const a = stops[Math.floor(pos)] ?? [0, 0, 0];
      const b = stops[(Math.floor(pos) + 1) % stops.length] ?? [0, 0, 0];
      const f = pos - Math.floor(pos);
      return [0, 1, 2].map((c) => Math.round((a[c] ?? 0) + ((b[c] ?? 0) - (a[c] ?? 0)) * f));
    });
    const fx = 0.05 + random() * 0.04;
    const fy = 0.06 + random() * 0.04;
    const px = width * (0.3 + random() * 0.4);
    const py = height * (0.3 + random() * 0.4);
    return (t) => {
      const T = t * TAU;
      const out = Buffer.alloc(width * height * 3);
      for (let by = 0; by < height; by += BLOCK) {
        for (let bx = 0; bx < width; bx += BLOCK) {
          // Only whole multiples of T, so the field is identical again when t wraps.
          const v =
            Math.sin(bx * fx + T) +
            Math.sin(by * fy - T) +
            Math.sin((bx + by) * 0.04 + T) +
            Math.sin(Math.hypot(bx - px, by - py) * 0.08 - 2 * T);
          const level = Math.floor(((v + 4) / 8) * LEVELS * 2 + t * LEVELS);
          const color = ramp[((level % LEVELS) + LEVELS) % LEVELS] ?? [0, 0, 0];
          for (let y = by; y < Math.min(by + BLOCK, height); y++) {
            for (let x = bx; x < Math.min(bx + BLOCK, width); x++) {
              const o = (y * width + x) * 3;
              out[o] = color[0] ?? 0;
              out[o + 1] = color[1] ?? 0;
              out[o + 2] = color[2] ?? 0;
            }
          }
        }
      }
      return out;
    };
  },
};
