import { between, pick } from './demo-sources-random.ts';
import { TAU, type SceneDefinition } from './demo-sources-scene.ts';
import { num, polygonPoints } from './demo-sources-svg.ts';

/** Stars streaking out from the centre, like a jump to hyperspace. */
export const starfieldScene: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette, random }) => {
    const cx = width / 2;
    const cy = height / 2;
    const reach = Math.hypot(width, height) / 2;
    const stars = Array.from({ length: 60 }, () => ({
      angle: random() * TAU,
      depth: random(),
      color: pick(random, palette.colors),
    }));
    return (t) =>
      stars
        .map((s) => {
          // Depth wraps 0→1 once per loop; squaring makes stars accelerate as they near us.
          const z = (s.depth + t) % 1;
          const outer = reach * z * z;
          const inner = reach * Math.max(0, z - 0.12) ** 2;
          const dx = Math.cos(s.angle);
          const dy = Math.sin(s.angle);
          return `<line x1="${num(cx + dx * inner)}" y1="${num(cy + dy * inner)}" x2="${num(cx + dx * outer)}" y2="${num(cy + dy * outer)}" stroke="${s.color}" stroke-width="${num(1 + z * 3)}" stroke-linecap="round"/>`;
        })
        .join('');
  },
};

/** Staggered bursts of sparks that expand, shrink and fade into the night. */
export const fireworksScene: SceneDefinition = {
  frames: 20,
  create: ({ width, height, palette, random }) => {
    const unit = Math.min(width, height);
    const bursts = Array.from({ length: 3 }, (_, i) => ({
      x: between(random, 0.25, 0.75) * width,
      y: between(random, 0.25, 0.6) * height,
      start: i / 3 + between(random, 0, 0.1),
      radius: unit * between(random, 0.22, 0.34),
      sparks: 12 + Math.floor(random() * 6),
      color: palette.colors[i % 4] ?? palette.colors[0],
      accent: palette.colors[(i + 2) % 4] ?? palette.colors[0],
    }));
    return (t) => {
      let body = `<rect y="${num(height * 0.9)}" width="${width}" height="${num(height * 0.1)}" fill="${palette.backdrop}"/>`;
      for (const b of bursts) {
        const p = (t - b.start + 1) % 1;
        if (p > 0.8) continue; // a dark pause before the burst repeats
        const q = p / 0.8;
        const r = b.radius * (1 - (1 - q) ** 3);
        const dot = 4.5 * (1 - q) + 0.8;
        for (let i = 0; i < b.sparks; i++) {
          const a = (i / b.sparks) * TAU;
          const color = i % 2 === 0 ? b.color : b.accent;
          body += `<circle cx="${num(b.x + Math.cos(a) * r)}" cy="${num(b.y + Math.sin(a) * r + q * q * 12)}" r="${num(dot)}" fill="${color}"/>`;
        }
      }
      return body;
    };
  },
};

/** A cloud raining onto a puddle of spreading ripples. */
export const rainScene: SceneDefinition = {
  frames: 14,
  create: ({ width, height, palette, random }) => {
    const ground = height * 0.88;
    const top = height * 0.2;
    const drops = Array.from({ length: 26 }, () => ({
      x: between(random, 0.08, 0.92) * width,
      y: random(),
      length: between(random, 8, 16),
    }));
    const ripples = Array.from({ length: 4 }, (_, i) => ({
      x: between(random, 0.15, 0.85) * width,
      start: i / 4,
    }));
    const cloud = [0.25, 0.42, 0.6, 0.76].map((f, i) => ({
      x: f * width,
      r: Math.min(width, height) * (i % 2 === 0 ? 0.12 : 0.16),
    }));
    return (t) => {
      let body = `<rect y="${num(ground)}" width="${width}" height="${num(height - ground)}" fill="${palette.backdrop}"/>`;
      for (const d of drops) {
        const y = top + ((d.y + t * 2) % 1) * (ground - top);
        body += `<line x1="${num(d.x)}" y1="${num(y - d.length)}" x2="${num(d.x - 2)}" y2="${num(y)}" stroke="${palette.colors[0]}" stroke-width="2.5" stroke-linecap="round"/>`;
      }
      for (const r of ripples) {
        const p = (t - r.start + 1) % 1;
        body += `<ellipse cx="${num(r.x)}" cy="${num(ground + 6)}" rx="${num(4 + p * 26)}" ry="${num(1.5 + p * 5)}" fill="none" stroke="${palette.colors[1]}" stroke-width="${num(2.5 * (1 - p) + 0.5)}"/>`;
      }
      const drift = Math.sin(t * TAU) * 6;
      for (const c of cloud) {
        body += `<circle cx="${num(c.x + drift)}" cy="${num(top - c.r * 0.2)}" r="${num(c.r)}" fill="${palette.colors[2]}"/>`;
      }
      return body;
    };
  },
};

/** A sun with turning rays over rolling hills, clouds drifting across. */
export const sunriseScene: SceneDefinition = {
  frames: 18,
  create: ({ width, height, palette, random }) => {
    const unit = Math.min(width, height);
    const cx = width / 2;
    const cy = height * 0.5;
    const rays = 12;
    const clouds = Array.from({ length: 2 }, (_, i) => ({
      y: height * (0.14 + i * 0.14),
      offset: random(),
      size: unit * between(random, 0.08, 0.12),
    }));
    return (t) => {
      const rise = Math.sin(t * TAU) * unit * 0.04;
      const rotation = t * (TAU / rays) * 2;
      let body = `<polygon points="${polygonPoints({ cx, cy: cy + rise, radius: unit * 0.42, sides: rays, rotation, inner: unit * 0.2 })}" fill="${palette.colors[1]}"/>`;
      body += `<circle cx="${num(cx)}" cy="${num(cy + rise)}" r="${num(unit * 0.2)}" fill="${palette.colors[0]}"/>`;
      for (const c of clouds) {
        const x = ((c.offset + t) % 1) * (width + c.size * 6) - c.size * 3;
        body += `<g fill="${palette.colors[3]}"><circle cx="${num(x)}" cy="${num(c.y)}" r="${num(c.size)}"/><circle cx="${num(x + c.size)}" cy="${num(c.y - c.size * 0.4)}" r="${num(c.size * 1.1)}"/><circle cx="${num(x + c.size * 2)}" cy="${num(c.y)}" r="${num(c.size * 0.9)}"/></g>`;
      }
      body += `<ellipse cx="${num(width * 0.25)}" cy="${num(height)}" rx="${num(width * 0.55)}" ry="${num(height * 0.3)}" fill="${palette.backdrop}"/>`;
      body += `<ellipse cx="${num(width * 0.8)}" cy="${num(height * 1.02)}" rx="${num(width * 0.5)}" ry="${num(height * 0.24)}" fill="${palette.colors[2]}"/>`;
      return body;
    };
  },
};
