import { mixHex } from './demo-sources-palettes.ts';
import { pick } from './demo-sources-random.ts';
import { TAU, type SceneDefinition } from './demo-sources-scene.ts';
import { num } from './demo-sources-svg.ts';

/** Diagonal (or straight) stripes scrolling by exactly one pattern period per loop. */
export const stripesScene: SceneDefinition = {
  frames: 12,
  create: ({ width, height, palette, random }) => {
    const colors = [palette.backdrop, palette.colors[0], palette.colors[1], palette.colors[2]];
    const band = Math.round(Math.min(width, height) / 9);
    const period = band * colors.length;
    const angle = pick(random, [-30, 30, -45, 0] as const);
    const reach = Math.ceil(Math.hypot(width, height) / period + 1) * period;
    return (t) => {
      let body = `<g transform="rotate(${angle} ${num(width / 2)} ${num(height / 2)})">`;
      const shift = t * period;
      for (let x = -reach; x < reach; x += band) {
        const color = colors[(((x + reach) / band) % colors.length) | 0] ?? palette.backdrop;
        body += `<rect x="${num(width / 2 + x + shift)}" y="${num(height / 2 - reach)}" width="${band}" height="${reach * 2}" fill="${color}"/>`;
      }
      return `${body}</g>`;
    };
  },
};

/**
 * Stacked wavy bands in a colour ramp that moves one band per frame. The ramp is a fixed
 * set of colours (not a smooth gradient) so the GIF palette stays small and exact.
 */
export const gradientScene: SceneDefinition = {
  frames: 14,
  create: ({ width, height, palette }) => {
    const stops = palette.colors;
    const count = 14;
    const ramp = Array.from({ length: count }, (_, i) => {
      const pos = (i / count) * stops.length;
      const from = stops[Math.floor(pos)] ?? stops[0];
      const to = stops[(Math.floor(pos) + 1) % stops.length] ?? stops[0];
      return mixHex(from, to, pos - Math.floor(pos));
    });
    const bandHeight = height / (count - 2);
    return (t) => {
      const shift = Math.round(t * count);
      let body = '';
      for (let i = -1; i < count; i++) {
        const color = ramp[(((i + shift) % count) + count) % count] ?? stops[0];
        const points: string[] = [];
        for (let s = 0; s <= 16; s++) {
          const x = (s / 16) * width;
          const y = i * bandHeight + Math.sin((s / 16 + t + i * 0.15) * TAU) * bandHeight * 0.45;
          points.push(`${num(x)},${num(y)}`);
        }
        body += `<polygon points="${points.join(' ')} ${width},${height} 0,${height}" fill="${color}"/>`;
      }
      return body;
    };
  },
};

/** A checkerboard that breathes in and out while its rows sway and scroll. */
export const checkerScene: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette }) => {
    const base = Math.min(width, height) / 7;
    const cx = width / 2;
    const cy = height / 2;
    return (t) => {
      const cell = base * (1 + 0.25 * Math.sin(t * TAU));
      const cols = Math.ceil(width / cell / 2) + 3;
      const rows = Math.ceil(height / cell / 2) + 2;
      let body = `<g fill="${palette.colors[0]}">`;
      for (let row = -rows; row <= rows; row++) {
        // Two cells per loop plus a sway: both return to their start when t wraps.
        const frac = (2 * t + 0.35 * Math.sin((t + row / 6) * TAU) + 4) % 2;
        for (let col = -cols; col <= cols; col++) {
          if ((((row + col) % 2) + 2) % 2 === 1) continue;
          const x = cx + (col + frac) * cell;
          const y = cy + row * cell;
          body += `<rect x="${num(x)}" y="${num(y)}" width="${num(cell + 0.5)}" height="${num(cell + 0.5)}"/>`;
        }
      }
      return `${body}</g>`;
    };
  },
};

/** Hypnotic spiral arms in two alternating colours, turning one colour pair per loop. */
export const spiralScene: SceneDefinition = {
  frames: 12,
  colours: 16,
  create: ({ width, height, palette }) => {
    const arms = 6;
    const cx = width / 2;
    const cy = height / 2;
    const reach = Math.hypot(width, height) / 2 + 4;
    const twist = TAU * 1.1;
    return (t) => {
      const turn = t * ((TAU * 2) / arms);
      let body = '';
      for (let k = 0; k < arms; k++) {
        const start = turn + (k / arms) * TAU;
        const edge = (offset: number, reverse: boolean): string[] => {
          const pts: string[] = [];
          for (let s = 0; s <= 24; s++) {
            const f = reverse ? 1 - s / 24 : s / 24;
            const a = start + offset + f * twist;
            pts.push(`${num(cx + Math.cos(a) * f * reach)},${num(cy + Math.sin(a) * f * reach)}`);
          }
          return pts;
        };
        const points = [...edge(0, false), ...edge(TAU / arms / 2, true)];
        const color = k % 2 === 0 ? palette.colors[0] : palette.colors[1];
        body += `<polygon points="${points.join(' ')}" fill="${color}"/>`;
      }
      return body;
    };
  },
};
