import { catEars, catMuzzle, faceFeatures } from './demo-sources-faces.ts';
import { mixHex } from './demo-sources-palettes.ts';
import { between } from './demo-sources-random.ts';
import { TAU, type SceneDefinition } from './demo-sources-scene.ts';
import { heartPath, num } from './demo-sources-svg.ts';

/** Fish pacing back and forth (turning round at each end), bubbles and swaying weed. */
export const fishScene: SceneDefinition = {
  frames: 20,
  create: ({ width, height, palette, random }) => {
    const unit = Math.min(width, height);
    const fish = Array.from({ length: 3 }, (_, i) => ({
      y: height * (0.25 + i * 0.22),
      phase: random(),
      size: unit * between(random, 0.16, 0.26),
      color: palette.colors[i === 0 ? 0 : i === 1 ? 3 : 1],
    }));
    const bubbles = Array.from({ length: 8 }, () => ({
      x: random() * width,
      y: random(),
      r: between(random, 2, 5),
    }));
    const weeds = Array.from({ length: 4 }, (_, i) => ({
      x: ((i + 0.5) / 4) * width + between(random, -10, 10),
      h: between(random, 0.2, 0.35) * height,
    }));
    return (t) => {
      let body = `<rect y="${num(height * 0.92)}" width="${width}" height="${num(height * 0.08)}" fill="${palette.backdrop}"/>`;
      for (const w of weeds) {
        const sway = Math.sin((t + w.x / width) * TAU) * 10;
        body += `<path d="M${num(w.x)},${num(height)} Q${num(w.x + sway)},${num(height - w.h / 2)} ${num(w.x - sway / 2)},${num(height - w.h)}" fill="none" stroke="${palette.colors[2]}" stroke-width="5" stroke-linecap="round"/>`;
      }
      for (const f of fish) {
        const a = (t + f.phase) * TAU;
        const x = width / 2 + Math.sin(a) * (width / 2 - f.size);
        // Face the way we are moving: the derivative of sin is cos.
        const facing = Math.cos(a) >= 0 ? 1 : -1;
        const wag = Math.sin(t * TAU * 4) * f.size * 0.18;
        const s = f.size;
        body += `<g transform="translate(${num(x)} ${num(f.y + Math.sin(a * 2) * 6)}) scale(${facing} 1)">`;
        body += `<polygon points="${num(-s * 0.4)},0 ${num(-s * 0.8)},${num(-s * 0.3 + wag)} ${num(-s * 0.8)},${num(s * 0.3 + wag)}" fill="${f.color}"/>`;
        body += `<ellipse rx="${num(s * 0.5)}" ry="${num(s * 0.3)}" fill="${f.color}"/>`;
        body += `<polygon points="${num(-s * 0.1)},${num(-s * 0.25)} ${num(s * 0.15)},${num(-s * 0.45)} ${num(s * 0.2)},${num(-s * 0.22)}" fill="${f.color}"/>`;
        body += `<circle cx="${num(s * 0.25)}" cy="${num(-s * 0.06)}" r="${num(s * 0.09)}" fill="#ffffff"/><circle cx="${num(s * 0.28)}" cy="${num(-s * 0.06)}" r="${num(s * 0.045)}" fill="${palette.ink}"/>`;
        body += '</g>';
      }
      for (const b of bubbles) {
        const y = height - ((b.y + t) % 1) * height;
        body += `<circle cx="${num(b.x + Math.sin((t + b.y) * TAU * 2) * 3)}" cy="${num(y)}" r="${num(b.r)}" fill="none" stroke="${palette.colors[1]}" stroke-width="1.5"/>`;
      }
      return body;
    };
  },
};

/** A big cat face that sways, blinks, looks around and twitches its whiskers. */
export const catScene: SceneDefinition = {
  frames: 18,
  create: ({ width, height, palette, mood }) => {
    const size = Math.min(width, height) * 0.62;
    const cx = width / 2;
    const cy = height * 0.56;
    // Muzzle and inner ears in a paler shade of the fur, whatever the palette's accents are.
    const light = mixHex(palette.colors[1], '#ffffff', 0.55);
    return (t) => {
      const tilt = Math.sin(t * TAU) * 6;
      let body = `<g transform="rotate(${num(tilt)} ${num(cx)} ${num(cy + size / 2)})">`;
      body += catEars({ cx, cy, size, fill: palette.colors[1], inner: light });
      body += `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(size / 2)}" fill="${palette.colors[1]}"/>`;
      body += `<ellipse cx="${num(cx)}" cy="${num(cy + size * 0.14)}" rx="${num(size * 0.26)}" ry="${num(size * 0.18)}" fill="${light}"/>`;
      body += faceFeatures({ cx, cy, size, mood, ink: palette.ink, t });
      body += catMuzzle({ cx, cy, size, ink: palette.ink, t });
      return `${body}</g>`;
    };
  },
};

/** A heart beating twice per loop while small hearts drift up around it. */
export const heartbeatScene: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette, random }) => {
    const unit = Math.min(width, height);
    const floaters = Array.from({ length: 9 }, () => ({
      x: random() * width,
      y: random(),
      size: unit * between(random, 0.06, 0.12),
      sway: random(),
      color: palette.colors[1 + Math.floor(random() * 3)] ?? palette.colors[1],
    }));
    return (t) => {
      let body = '';
      for (const f of floaters) {
        const y = height + f.size - ((f.y + t) % 1) * (height + f.size * 2);
        const x = f.x + Math.sin((t + f.sway) * TAU) * 8;
        body += `<path d="${heartPath({ cx: x, cy: y, size: f.size })}" fill="${f.color}"/>`;
      }
      // "lub-dub": two quick swells, then rest.
      const beat = Math.max(
        Math.sin(Math.min(1, t / 0.15) * Math.PI),
        0.7 * Math.sin(Math.min(1, Math.max(0, (t - 0.2) / 0.15)) * Math.PI),
      );
      const size = unit * (0.5 + 0.12 * beat);
      body += `<path d="${heartPath({ cx: width / 2, cy: height / 2, size: size + 10 })}" fill="${palette.ink}"/>`;
      body += `<path d="${heartPath({ cx: width / 2, cy: height / 2, size })}" fill="${palette.colors[0]}"/>`;
      return body;
    };
  },
};
