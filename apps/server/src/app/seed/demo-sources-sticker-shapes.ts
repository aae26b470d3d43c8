import { TAU, type SceneDefinition } from './demo-sources-scene.ts';
import { bump, heartPath, num, polygonPoints } from './demo-sources-svg.ts';

/**
 * Sticker look: a thick white outline painted under the fill. Everything stays inside the
 * frame's inscribed circle so the corners are always fully transparent.
 */
export const OUTLINE =
  ' stroke="#ffffff" stroke-width="6" stroke-linejoin="round" paint-order="stroke"';

/** A four-pointed twinkle at (cx, cy). */
export function twinkle(options: { cx: number; cy: number; size: number; fill: string }): string {
  const { cx, cy, size, fill } = options;
  if (size < 1) return '';
  return `<polygon points="${polygonPoints({ cx, cy, radius: size, sides: 4, inner: size * 0.3 })}" fill="${fill}"/>`;
}

/** A bobbing, beating heart with little hearts popping around it. */
export const heartSticker: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const cx = width / 2;
    const cy = height / 2;
    return (t) => {
      const beat = 1 + 0.1 * Math.sin(t * TAU * 2);
      const y = cy + Math.sin(t * TAU) * unit * 0.04;
      let body = '';
      for (let i = 0; i < 3; i++) {
        const pop = bump({ t, center: i / 3 + 0.1, width: 0.2 });
        const a = -Math.PI / 2 + (i - 1) * 0.9;
        if (pop === 0) continue;
        body += `<path d="${heartPath({ cx: cx + Math.cos(a) * unit * 0.36, cy: cy + Math.sin(a) * unit * 0.3, size: unit * 0.14 * pop })}" fill="${palette.colors[1]}"${OUTLINE}/>`;
      }
      body += `<path d="${heartPath({ cx, cy: y, size: unit * 0.5 * beat })}" fill="${palette.colors[0]}"${OUTLINE}/>`;
      body += `<ellipse cx="${num(cx - unit * 0.1 * beat)}" cy="${num(y - unit * 0.08)}" rx="${num(unit * 0.04)}" ry="${num(unit * 0.025)}" fill="#ffffff" transform="rotate(-35 ${num(cx - unit * 0.1 * beat)} ${num(y - unit * 0.08)})"/>`;
      return body;
    };
  },
};

/** A turning, pulsing star ringed by twinkles. */
export const starSticker: SceneDefinition = {
  frames: 15,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const cx = width / 2;
    const cy = height / 2;
    return (t) => {
      const r = unit * (0.3 + 0.03 * Math.sin(t * TAU * 3));
      // One point's worth of turn per loop: a five-pointed star looks the same after 72°.
      const rotation = t * (TAU / 5);
      let body = `<polygon points="${polygonPoints({ cx, cy, radius: r, sides: 5, rotation, inner: r * 0.48 })}" fill="${palette.colors[0]}"${OUTLINE}/>`;
      body += `<polygon points="${polygonPoints({ cx, cy, radius: r * 0.55, sides: 5, rotation, inner: r * 0.26 })}" fill="${palette.colors[1]}"/>`;
      for (let i = 0; i < 4; i++) {
        const a = (i / 4) * TAU + Math.PI / 4;
        const size = unit * 0.06 * Math.max(0, Math.sin((t * 2 + i / 4) * Math.PI));
        body += twinkle({
          cx: cx + Math.cos(a) * unit * 0.4,
          cy: cy + Math.sin(a) * unit * 0.4,
          size,
          fill: palette.colors[2],
        });
      }
      return body;
    };
  },
};

/** Twinkles of different sizes flashing in turn. */
export const sparkleSticker: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const spots = [
      { x: 0, y: 0, s: 0.3 },
      { x: -0.24, y: -0.2, s: 0.14 },
      { x: 0.25, y: 0.18, s: 0.16 },
      { x: 0.2, y: -0.24, s: 0.1 },
      { x: -0.2, y: 0.24, s: 0.1 },
    ];
    return (t) =>
      spots
        .map((spot, i) => {
          const pulse = 0.35 + 0.65 * Math.abs(Math.sin((t + i / spots.length) * Math.PI));
          const fill = palette.colors[i % 3] ?? palette.colors[0];
          const cx = width / 2 + spot.x * unit;
          const cy = height / 2 + spot.y * unit;
          const size = spot.s * unit * pulse;
          return `<polygon points="${polygonPoints({ cx, cy, radius: size, sides: 4, inner: size * 0.3, rotation: t * (TAU / 4) })}" fill="${fill}"${OUTLINE}/>`;
        })
        .join('');
  },
};

/** A flower head turning by one petal per loop on a swaying stem. */
export const flowerSticker: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const cx = width / 2;
    const cy = height * 0.42;
    const petals = 8;
    return (t) => {
      const sway = Math.sin(t * TAU) * unit * 0.04;
      const hx = cx + sway;
      let body = `<path d="M${num(cx)},${num(height / 2 + unit * 0.42)} Q${num(cx - sway)},${num(cy + unit * 0.25)} ${num(hx)},${num(cy)}" fill="none" stroke="${palette.colors[2]}" stroke-width="${num(unit * 0.04)}" stroke-linecap="round"/>`;
      const turn = (t * 360) / petals;
      body += `<g transform="rotate(${num(turn)} ${num(hx)} ${num(cy)})">`;
      for (let i = 0; i < petals; i++) {
        const deg = (i * 360) / petals;
        const fill = i % 2 === 0 ? palette.colors[0] : palette.colors[1];
        body += `<ellipse cx="${num(hx)}" cy="${num(cy - unit * 0.16)}" rx="${num(unit * 0.07)}" ry="${num(unit * 0.13)}" fill="${fill}" transform="rotate(${deg} ${num(hx)} ${num(cy)})"${OUTLINE}/>`;
      }
      body += `</g><circle cx="${num(hx)}" cy="${num(cy)}" r="${num(unit * 0.09)}" fill="${palette.ink}"${OUTLINE}/>`;
      return body;
    };
  },
};

/** A badge whose tick draws itself, pops, then holds. */
export const checkSticker: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const cx = width / 2;
    const cy = height / 2;
    const s = unit * 0.18;
    const length = s * 2.6; // close enough to the tick's path length for the dash trick
    return (t) => {
      const drawn = Math.min(1, t / 0.45);
      const pop = 1 + 0.1 * bump({ t, center: 0.5, width: 0.12 });
      let body = `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(unit * 0.36 * pop)}" fill="${palette.colors[0]}"${OUTLINE}/>`;
      body += `<path d="M${num(cx - s)},${num(cy)} L${num(cx - s * 0.25)},${num(cy + s * 0.75)} L${num(cx + s * 1.1)},${num(cy - s * 0.8)}" fill="none" stroke="#ffffff" stroke-width="${num(unit * 0.07)}" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="${num(length)}" stroke-dashoffset="${num(length * (1 - drawn))}"/>`;
      return body;
    };
  },
};

/** A red "no" badge that shakes its head. */
export const crossSticker: SceneDefinition = {
  frames: 16,
  create: ({ width, height, palette }) => {
    const unit = Math.min(width, height);
    const cy = height / 2;
    const s = unit * 0.14;
    return (t) => {
      const shake = Math.sin(t * TAU * 4) * unit * 0.06 * bump({ t, center: 0.5, width: 0.4 });
      const cx = width / 2 + shake;
      let body = `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(unit * 0.34)}" fill="${palette.colors[0]}"${OUTLINE}/>`;
      body += `<path d="M${num(cx - s)},${num(cy - s)} L${num(cx + s)},${num(cy + s)} M${num(cx + s)},${num(cy - s)} L${num(cx - s)},${num(cy + s)}" stroke="#ffffff" stroke-width="${num(unit * 0.08)}" stroke-linecap="round"/>`;
      return body;
    };
  },
};
