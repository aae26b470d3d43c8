import { catEars, catMuzzle, faceFeatures } from './demo-sources-faces.ts';
import { mixHex } from './demo-sources-palettes.ts';
import { between } from './demo-sources-random.ts';
import { TAU, type SceneDefinition } from './demo-sources-scene.ts';
import { OUTLINE } from './demo-sources-sticker-shapes.ts';
import { num, polygonPoints } from './demo-sources-svg.ts';

/** A round face hopping and tilting, with the item's mood. */
export const faceSticker: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette, mood }) => {
    const size = Math.min(width, height) * 0.7;
    return (t) => {
      const cx = width / 2;
      const cy = height / 2 - Math.abs(Math.sin(t * TAU)) * size * 0.06;
      const tilt = Math.sin(t * TAU) * 8;
      let body = `<g transform="rotate(${num(tilt)} ${num(cx)} ${num(cy)})">`;
      body += `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(size / 2)}" fill="${palette.colors[0]}"${OUTLINE}/>`;
      body += faceFeatures({ cx, cy, size, mood, ink: palette.ink, t });
      return `${body}</g>`;
    };
  },
};

/** A wobbling jelly blob with a face; the outline is a closed curve through wavy radii. */
export const blobSticker: SceneDefinition = {
  frames: 18,
  create: ({ width, height, palette, mood }) => {
    const size = Math.min(width, height) * 0.64;
    const cx = width / 2;
    const cy = height / 2;
    const points = 18;
    return (t) => {
      const pts = Array.from({ length: points }, (_, i) => {
        const a = (i / points) * TAU;
        const r =
          (size / 2) *
          (1 + 0.07 * Math.sin(3 * a + t * TAU) + 0.05 * Math.sin(5 * a - t * TAU * 2));
        return [cx + Math.cos(a) * r, cy + Math.sin(a) * r * 0.92] as const;
      });
      // Quadratic curves through edge midpoints give a smooth closed outline.
      const mid = (i: number): readonly [number, number] => {
        const a = pts[i % points] ?? [cx, cy];
        const b = pts[(i + 1) % points] ?? [cx, cy];
        return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      };
      const start = mid(points - 1);
      let d = `M${num(start[0])},${num(start[1])}`;
      for (let i = 0; i < points; i++) {
        const p = pts[i] ?? [cx, cy];
        const m = mid(i);
        d += ` Q${num(p[0])},${num(p[1])} ${num(m[0])},${num(m[1])}`;
      }
      let body = `<path d="${d}Z" fill="${palette.colors[0]}"${OUTLINE}/>`;
      body += `<ellipse cx="${num(cx - size * 0.22)}" cy="${num(cy - size * 0.28)}" rx="${num(size * 0.07)}" ry="${num(size * 0.04)}" fill="#ffffff"/>`;
      body += faceFeatures({ cx, cy, size, mood, ink: palette.ink, t });
      return body;
    };
  },
};

/** A cat head nodding along. */
export const catHeadSticker: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette, mood }) => {
    const size = Math.min(width, height) * 0.56;
    return (t) => {
      const cx = width / 2;
      const cy = height * 0.56 + Math.sin(t * TAU * 2) * size * 0.04;
      const tilt = Math.sin(t * TAU) * 10;
      let body = `<g transform="rotate(${num(tilt)} ${num(cx)} ${num(cy)})">`;
      body += `<g${OUTLINE}>${catEars({ cx, cy, size, fill: palette.colors[1], inner: palette.colors[1] })}</g>`;
      body += catEars({
        cx,
        cy,
        size,
        fill: palette.colors[1],
        inner: mixHex(palette.colors[1], '#ffffff', 0.55),
      });
      body += `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(size / 2)}" fill="${palette.colors[1]}"${OUTLINE}/>`;
      body += faceFeatures({ cx, cy, size, mood, ink: palette.ink, t });
      body += catMuzzle({ cx, cy, size, ink: palette.ink, t });
      return `${body}</g>`;
    };
  },
};

/** A comic-book explosion: jagged layers throbbing, with an exclamation mark. */
export const burstSticker: SceneDefinition = {
  frames: 12,
  create: ({ width, height, palette, random }) => {
    const unit = Math.min(width, height);
    const cx = width / 2;
    const cy = height / 2;
    const spikes = 12;
    const jitter = Array.from({ length: spikes * 2 }, () => between(random, 0.85, 1.1));
    const jagged = (radius: number, wobble: number): string =>
      polygonPoints({ cx, cy, radius, sides: spikes, inner: radius * 0.62, rotation: wobble })
        .split(' ')
        .map((pt, i) => {
          const [x, y] = pt.split(',').map(Number);
          const k = jitter[i] ?? 1;
          return `${num(cx + ((x ?? cx) - cx) * k)},${num(cy + ((y ?? cy) - cy) * k)}`;
        })
        .join(' ');
    return (t) => {
      const throb = 1 + 0.08 * Math.sin(t * TAU * 2);
      const wobble = Math.sin(t * TAU) * 0.12;
      const s = unit * 0.05 * throb;
      let body = `<polygon points="${jagged(unit * 0.42 * throb, wobble)}" fill="${palette.colors[0]}"${OUTLINE}/>`;
      body += `<polygon points="${jagged(unit * 0.28 * throb, -wobble)}" fill="${palette.colors[2]}"/>`;
      body += `<rect x="${num(cx - s * 0.6)}" y="${num(cy - s * 2.6)}" width="${num(s * 1.2)}" height="${num(s * 3)}" rx="${num(s * 0.5)}" fill="${palette.ink}"/>`;
      body += `<circle cx="${num(cx)}" cy="${num(cy + s * 1.5)}" r="${num(s * 0.7)}" fill="${palette.ink}"/>`;
      return body;
    };
  },
};

/** Balloons bobbing on wavy strings: one in a tall frame, three otherwise. */
export const balloonSticker: SceneDefinition = {
  frames: 18,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const tall = height > width;
    const balloons = (tall ? [0] : [-1, 0, 1]).map((i) => ({
      x: width / 2 + i * unit * 0.22,
      y: height * (tall ? 0.35 : 0.36) + Math.abs(i) * unit * 0.08,
      r: unit * (tall ? 0.26 : 0.16),
      phase: (i + 1) / 3,
      color: palette.colors[(i + 1) % 4] ?? palette.colors[0],
    }));
    const knotY = height / 2 + unit * 0.44;
    return (t) => {
      let body = '';
      for (const b of balloons) {
        const y = b.y + Math.sin((t + b.phase) * TAU) * unit * 0.03;
        const x = b.x + Math.sin((t + b.phase) * TAU * 2) * unit * 0.015;
        const bottom = y + b.r * 1.2;
        const wave = Math.sin((t + b.phase) * TAU * 2) * unit * 0.04;
        body += `<path d="M${num(x)},${num(bottom)} Q${num(x + wave)},${num((bottom + knotY) / 2)} ${num(width / 2)},${num(knotY)}" fill="none" stroke="${palette.ink}" stroke-width="2"/>`;
        body += `<ellipse cx="${num(x)}" cy="${num(y)}" rx="${num(b.r)}" ry="${num(b.r * 1.2)}" fill="${b.color}"${OUTLINE}/>`;
        body += `<polygon points="${num(x)},${num(bottom - 2)} ${num(x - b.r * 0.15)},${num(bottom + b.r * 0.18)} ${num(x + b.r * 0.15)},${num(bottom + b.r * 0.18)}" fill="${b.color}"/>`;
        body += `<ellipse cx="${num(x - b.r * 0.35)}" cy="${num(y - b.r * 0.45)}" rx="${num(b.r * 0.14)}" ry="${num(b.r * 0.24)}" fill="#ffffff" transform="rotate(30 ${num(x - b.r * 0.35)} ${num(y - b.r * 0.45)})"/>`;
      }
      return body;
    };
  },
};

// A rainbow is a rainbow whatever the palette; the palette colours only the clouds.
const RAINBOW = ['#ff595e', '#ff924c', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'];

/** Rainbow arcs rippling between two puffing clouds. */
export const rainbowSticker: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const cx = width / 2;
    const base = height / 2 + unit * 0.2;
    const outer = Math.min(width * 0.38, unit * 0.5);
    const band = outer / 9;
    return (t) => {
      const y = base + Math.sin(t * TAU) * unit * 0.03;
      let body = '';
      RAINBOW.forEach((color, i) => {
        const r = outer - band * i - band / 2 + Math.sin((t - i / 6) * TAU) * band * 0.25;
        body += `<path d="M${num(cx - r)},${num(y)} A${num(r)},${num(r)} 0 0 1 ${num(cx + r)},${num(y)}" fill="none" stroke="${color}" stroke-width="${num(band + 0.6)}"/>`;
      });
      for (const side of [-1, 1]) {
        const puff = 1 + 0.08 * Math.sin((t + (side + 1) / 4) * TAU * 2);
        const x = cx + side * (outer - band * 3);
        const r = unit * 0.09 * puff;
        body += `<g fill="${palette.colors[3]}"${OUTLINE}><circle cx="${num(x - r)}" cy="${num(y)}" r="${num(r)}"/><circle cx="${num(x + r)}" cy="${num(y)}" r="${num(r)}"/><circle cx="${num(x)}" cy="${num(y - r * 0.6)}" r="${num(r * 1.2)}"/></g>`;
        body += `<g fill="${palette.colors[3]}"><circle cx="${num(x - r)}" cy="${num(y)}" r="${num(r)}"/><circle cx="${num(x + r)}" cy="${num(y)}" r="${num(r)}"/><circle cx="${num(x)}" cy="${num(y - r * 0.6)}" r="${num(r * 1.2)}"/></g>`;
      }
      return body;
    };
  },
};
