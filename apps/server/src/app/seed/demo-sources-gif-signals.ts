import { mixHex } from './demo-sources-palettes.ts';
import { between } from './demo-sources-random.ts';
import { TAU, type SceneDefinition } from './demo-sources-scene.ts';
import { num } from './demo-sources-svg.ts';

/** Music-equalizer bars bouncing to a beat, with peak caps. */
export const equalizerScene: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette, random }) => {
    const count = width > height ? 12 : 8;
    const gap = width / count;
    const floor = height * 0.92;
    const bars = Array.from({ length: count }, (_, i) => ({
      // Integer frequencies so every bar is back where it started when the loop wraps.
      f1: 1 + Math.floor(random() * 3),
      f2: 2 + Math.floor(random() * 3),
      p1: random(),
      p2: random(),
      color: mixHex(palette.colors[0], palette.colors[1], i / (count - 1)),
    }));
    return (t) => {
      let body = '';
      bars.forEach((b, i) => {
        const level =
          0.2 +
          0.5 * Math.abs(Math.sin((t * b.f1 + b.p1) * Math.PI)) +
          0.25 * Math.abs(Math.sin((t * b.f2 + b.p2) * Math.PI));
        const h = level * height * 0.8;
        const x = i * gap + gap * 0.15;
        body += `<rect x="${num(x)}" y="${num(floor - h)}" width="${num(gap * 0.7)}" height="${num(h)}" rx="3" fill="${b.color}"/>`;
        body += `<rect x="${num(x)}" y="${num(floor - h - 8)}" width="${num(gap * 0.7)}" height="4" fill="${palette.colors[2]}"/>`;
      });
      return body;
    };
  },
};

/** A loading spinner: a comet of dots chasing round a ring, plus a typing indicator. */
export const loaderScene: SceneDefinition = {
  frames: 12,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const cx = width / 2;
    const cy = height * 0.45;
    const ring = unit * 0.28;
    const dots = 12;
    return (t) => {
      let body = '';
      for (let i = 0; i < dots; i++) {
        const lag = (((t - i / dots) % 1) + 1) % 1; // 0 = the comet's head
        const a = (i / dots) * TAU - Math.PI / 2;
        const r = unit * (0.018 + 0.05 * (1 - lag) ** 2);
        const color =
          lag < 0.1 ? palette.colors[0] : lag < 0.4 ? palette.colors[1] : palette.backdrop;
        body += `<circle cx="${num(cx + Math.cos(a) * ring)}" cy="${num(cy + Math.sin(a) * ring)}" r="${num(r)}" fill="${color}"/>`;
      }
      for (let i = 0; i < 3; i++) {
        const hop = Math.max(0, Math.sin((t * 2 - i * 0.15) * TAU));
        body += `<circle cx="${num(cx + (i - 1) * unit * 0.1)}" cy="${num(height * 0.88 - hop * unit * 0.06)}" r="${num(unit * 0.03)}" fill="${palette.colors[2]}"/>`;
      }
      return body;
    };
  },
};

/** Layered sine waves rolling at different whole-number speeds. */
export const waveScene: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette, random }) => {
    const layers = [0, 1, 2, 3].map((i) => ({
      base: height * (0.35 + i * 0.16),
      amp: height * between(random, 0.04, 0.08),
      cycles: 1 + Math.floor(random() * 2),
      speed: i % 2 === 0 ? 1 : -1,
      phase: random(),
      color: palette.colors[(3 - i) % 4] ?? palette.colors[0],
    }));
    return (t) => {
      let body = `<circle cx="${num(width * 0.75)}" cy="${num(height * 0.22)}" r="${num(Math.min(width, height) * 0.1)}" fill="${palette.colors[2]}"/>`;
      for (const l of layers) {
        const points: string[] = [];
        for (let s = 0; s <= 24; s++) {
          const x = (s / 24) * width;
          const y = l.base + Math.sin(((s / 24) * l.cycles + t * l.speed + l.phase) * TAU) * l.amp;
          points.push(`${num(x)},${num(y)}`);
        }
        body += `<polygon points="${points.join(' ')} ${width},${height} 0,${height}" fill="${l.color}"/>`;
      }
      return body;
    };
  },
};
