import type { DemoShape } from './demo-catalog-types.ts';
import { between, pick } from './demo-sources-random.ts';
import { TAU, type SceneDefinition } from './demo-sources-scene.ts';
import { num, polygonPoints, shapeElement, shapeSymmetry } from './demo-sources-svg.ts';

/** Balls (or shapes) bouncing on a floor with squash on impact and a shadow. */
export const bounceScene: SceneDefinition = {
  frames: 18,
  create: ({ width, height, palette, random, shape }) => {
    const floor = height * 0.86;
    const unit = Math.min(width, height);
    const count = 3 + Math.floor(random() * 3);
    const balls = Array.from({ length: count }, (_, i) => ({
      x: ((i + 0.5) / count) * width,
      size: unit * between(random, 0.12, 0.2),
      // Whole-number bounce counts per loop keep the loop seamless.
      bounces: pick(random, [1, 2] as const),
      offset: random(),
      color: palette.colors[i % 4] ?? palette.colors[0],
      shape: shape ?? 'circle',
    }));
    return (t) => {
      let body = `<rect y="${num(floor)}" width="${width}" height="${num(height - floor)}" fill="${palette.backdrop}"/>`;
      for (const ball of balls) {
        const p = (t * ball.bounces + ball.offset) % 1;
        const lift = Math.sin(p * Math.PI); // 0 at impact, 1 at the top
        const squash = 1 - 0.3 * Math.pow(1 - lift, 6);
        const h = ball.size * squash;
        const cy = floor - h / 2 - lift * height * 0.55;
        body += `<ellipse cx="${num(ball.x)}" cy="${num(floor + 3)}" rx="${num(ball.size * (0.6 - lift * 0.3))}" ry="3" fill="${palette.ink}"/>`;
        body += `<g transform="translate(${num(ball.x)} ${num(cy)}) scale(${(1 / squash).toFixed(3)} ${squash.toFixed(3)})">`;
        body += shapeElement({
          shape: ball.shape,
          cx: 0,
          cy: 0,
          size: ball.size,
          fill: ball.color,
          rotation: (p * TAU) / shapeSymmetry(ball.shape),
        });
        body += '</g>';
      }
      return body;
    };
  },
};

/** A sun with planets on tilted elliptical orbits, each a whole number of laps per loop. */
export const orbitScene: SceneDefinition = {
  frames: 20,
  create: ({ width, height, palette, random }) => {
    const cx = width / 2;
    const cy = height / 2;
    const maxR = Math.min(width, height) * 0.46;
    const planets = [0.45, 0.7, 0.95].map((f, i) => ({
      rx: maxR * f,
      ry: maxR * f * (width >= height ? 0.55 : 0.85),
      laps: 3 - i,
      offset: random(),
      size: maxR * between(random, 0.07, 0.13),
      color: palette.colors[(i + 1) % 4] ?? palette.colors[0],
    }));
    return (t) => {
      let body = '';
      for (const p of planets) {
        body += `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(p.rx)}" ry="${num(p.ry)}" fill="none" stroke="${palette.backdrop}" stroke-width="2"/>`;
      }
      const sun = maxR * (0.2 + 0.02 * Math.sin(t * TAU * 2));
      body += `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(sun)}" fill="${palette.colors[0]}"/>`;
      for (const p of planets) {
        const a = (t * p.laps + p.offset) * TAU;
        const x = cx + Math.cos(a) * p.rx;
        const y = cy + Math.sin(a) * p.ry;
        body += `<circle cx="${num(x)}" cy="${num(y)}" r="${num(p.size * (1 + 0.25 * Math.sin(a)))}" fill="${p.color}"/>`;
      }
      return body;
    };
  },
};

/** Nested polygons turning in alternate directions, each by one symmetry step per loop. */
export const spinScene: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette, shape }) => {
    const chosen: DemoShape = shape ?? 'hexagon';
    const sides = Math.max(3, shapeSymmetry(chosen));
    const cx = width / 2;
    const cy = height / 2;
    const maxR = Math.min(width, height) * 0.46;
    return (t) => {
      let body = '';
      for (let ring = 0; ring < 4; ring++) {
        const dir = ring % 2 === 0 ? 1 : -1;
        const rotation = dir * t * (TAU / sides) + (ring * Math.PI) / sides;
        const radius = maxR * (1 - ring * 0.22);
        const color = palette.colors[ring % 4] ?? palette.colors[0];
        body += `<polygon points="${polygonPoints({ cx, cy, radius, sides, rotation })}" fill="${color}" stroke="${palette.ink}" stroke-width="3"/>`;
      }
      return body;
    };
  },
};

/** Rings emanating from the centre, with a throbbing core. */
export const pulseScene: SceneDefinition = {
  frames: 16,
  colours: 16,
  create: ({ width, height, palette }) => {
    const cx = width / 2;
    const cy = height / 2;
    const maxR = Math.hypot(width, height) / 2;
    const rings = 5;
    return (t) => {
      let body = '';
      for (let i = rings - 1; i >= 0; i--) {
        const p = (t + i / rings) % 1;
        const color = palette.colors[i % 4] ?? palette.colors[0];
        body += `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(p * maxR)}" fill="none" stroke="${color}" stroke-width="${num(2 + (1 - p) * 14)}"/>`;
      }
      const core = Math.min(width, height) * (0.08 + 0.04 * Math.sin(t * TAU * 2));
      body += `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(core)}" fill="${palette.colors[0]}"/>`;
      return body;
    };
  },
};

/** Confetti pieces falling, swaying and tumbling; each wraps from bottom to top once per loop. */
export const confettiScene: SceneDefinition = {
  frames: 20,
  create: ({ width, height, palette, random, shape }) => {
    const margin = 16;
    const shapes: readonly [DemoShape, ...DemoShape[]] = shape
      ? [shape, 'square']
      : ['square', 'circle', 'triangle'];
    const pieces = Array.from({ length: 34 }, () => ({
      x: random() * width,
      y: random(),
      sway: between(random, 4, 14),
      phase: random(),
      size: between(random, 7, 14),
      spins: pick(random, [1, 2, -1] as const),
      color: pick(random, palette.colors),
      shape: pick(random, shapes),
    }));
    return (t) =>
      pieces
        .map((c) => {
          const y = ((c.y + t) % 1) * (height + margin * 2) - margin;
          const x = c.x + Math.sin((t + c.phase) * TAU) * c.sway;
          return shapeElement({
            shape: c.shape,
            cx: x,
            cy: y,
            size: c.size,
            fill: c.color,
            rotation: t * TAU * c.spins,
          });
        })
        .join('');
  },
};
