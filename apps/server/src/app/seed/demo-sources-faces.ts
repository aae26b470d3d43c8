import type { DemoMood } from './demo-catalog-types.ts';
import { TAU } from './demo-sources-scene.ts';
import { bump, num } from './demo-sources-svg.ts';

/** Options for `faceFeatures`: where the face is, how big, which expression, which frame. */
export interface FaceOptions {
  cx: number;
  cy: number;
  /** Face width; features scale with it. */
  size: number;
  mood: DemoMood;
  ink: string;
  t: number;
}

/** One eye; `open` 0..1 squashes it into a closed line for blinks and winks. */
function eye(options: {
  x: number;
  y: number;
  size: number;
  open: number;
  ink: string;
  wide: boolean;
}): string {
  const { x, y, size, open, ink, wide } = options;
  if (open < 0.25) {
    return `<path d="M${num(x - size * 0.07)},${num(y)} Q${num(x)},${num(y + size * 0.05)} ${num(x + size * 0.07)},${num(y)}" fill="none" stroke="${ink}" stroke-width="${num(size * 0.035)}" stroke-linecap="round"/>`;
  }
  if (wide) {
    return `<circle cx="${num(x)}" cy="${num(y)}" r="${num(size * 0.1)}" fill="#ffffff" stroke="${ink}" stroke-width="${num(size * 0.025)}"/><circle cx="${num(x)}" cy="${num(y)}" r="${num(size * 0.045)}" fill="${ink}"/>`;
  }
  return `<ellipse cx="${num(x)}" cy="${num(y)}" rx="${num(size * 0.055)}" ry="${num(size * 0.085 * open)}" fill="${ink}"/>`;
}

/** A curved mouth; positive `curve` smiles, negative frowns. */
function mouth(options: {
  cx: number;
  y: number;
  size: number;
  curve: number;
  ink: string;
}): string {
  const { cx, y, size, curve, ink } = options;
  const half = size * 0.17;
  return `<path d="M${num(cx - half)},${num(y)} Q${num(cx)},${num(y + curve * size)} ${num(cx + half)},${num(y)}" fill="none" stroke="${ink}" stroke-width="${num(size * 0.045)}" stroke-linecap="round"/>`;
}

/**
 * Eyes, mouth and extras for a mood, animated over the loop: blinks, a wink, a falling tear,
 * a gasping mouth. Shared by every scene that draws a face so expressions stay consistent.
 */
export function faceFeatures(options: FaceOptions): string {
  const { cx, cy, size, mood, ink, t } = options;
  const eyeY = cy - size * 0.08;
  const leftX = cx - size * 0.18;
  const rightX = cx + size * 0.18;
  const blink = 1 - bump({ t, center: 0.55, width: 0.07 });
  const mouthY = cy + size * 0.16;
  const wide = mood === 'surprised';
  const winking = mood === 'wink' && t > 0.3 && t < 0.7;
  let body = eye({ x: leftX, y: eyeY, size, open: mood === 'wink' ? 1 : blink, ink, wide });
  body += eye({
    x: rightX,
    y: eyeY,
    size,
    open: winking ? 0 : mood === 'wink' ? 1 : blink,
    ink,
    wide,
  });
  switch (mood) {
    case 'happy':
    case 'wink':
      body += mouth({ cx, y: mouthY, size, curve: 0.16, ink });
      body += `<ellipse cx="${num(leftX - size * 0.06)}" cy="${num(mouthY - size * 0.04)}" rx="${num(size * 0.06)}" ry="${num(size * 0.035)}" fill="#ff8fab"/>`;
      body += `<ellipse cx="${num(rightX + size * 0.06)}" cy="${num(mouthY - size * 0.04)}" rx="${num(size * 0.06)}" ry="${num(size * 0.035)}" fill="#ff8fab"/>`;
      break;
    case 'sad': {
      body += mouth({ cx, y: mouthY + size * 0.06, size, curve: -0.12, ink });
      // The tear slides down the cheek once per loop, growing as it goes.
      const fall = t * size * 0.35;
      body += `<ellipse cx="${num(leftX)}" cy="${num(eyeY + size * 0.12 + fall)}" rx="${num(size * 0.03 + t * size * 0.015)}" ry="${num(size * 0.045 + t * size * 0.02)}" fill="#3a86ff" stroke="#ffffff" stroke-width="1.5"/>`;
      break;
    }
    case 'surprised': {
      const gasp = 0.5 + 0.5 * Math.sin(t * TAU * 2);
      body += `<ellipse cx="${num(cx)}" cy="${num(mouthY + size * 0.04)}" rx="${num(size * 0.07)}" ry="${num(size * (0.06 + 0.04 * gasp))}" fill="${ink}"/>`;
      const browY = eyeY - size * (0.17 + 0.03 * gasp);
      body += `<path d="M${num(leftX - size * 0.08)},${num(browY)} Q${num(leftX)},${num(browY - size * 0.05)} ${num(leftX + size * 0.08)},${num(browY)} M${num(rightX - size * 0.08)},${num(browY)} Q${num(rightX)},${num(browY - size * 0.05)} ${num(rightX + size * 0.08)},${num(browY)}" fill="none" stroke="${ink}" stroke-width="${num(size * 0.03)}" stroke-linecap="round"/>`;
      break;
    }
    case 'grumpy': {
      body += mouth({ cx, y: mouthY + size * 0.04, size, curve: -0.06, ink });
      const browY = eyeY - size * 0.13;
      const tilt = size * (0.05 + 0.02 * Math.sin(t * TAU * 2));
      body += `<path d="M${num(leftX - size * 0.09)},${num(browY - tilt)} L${num(leftX + size * 0.08)},${num(browY + tilt)} M${num(rightX + size * 0.09)},${num(browY - tilt)} L${num(rightX - size * 0.08)},${num(browY + tilt)}" stroke="${ink}" stroke-width="${num(size * 0.04)}" stroke-linecap="round"/>`;
      break;
    }
  }
  return body;
}

/** Pointed cat ears for a head of diameter `size`; draw them before the head. */
export function catEars(options: {
  cx: number;
  cy: number;
  size: number;
  fill: string;
  inner: string;
}): string {
  const { cx, cy, size, fill, inner } = options;
  const r = size / 2;
  let body = '';
  for (const side of [-1, 1]) {
    const bx = cx + side * r * 0.62;
    const ear = `${num(bx - side * r * 0.38)},${num(cy - r * 0.55)} ${num(bx + side * r * 0.2)},${num(cy - r * 1.2)} ${num(bx + side * r * 0.38)},${num(cy - r * 0.2)}`;
    const innerEar = `${num(bx - side * r * 0.2)},${num(cy - r * 0.6)} ${num(bx + side * r * 0.16)},${num(cy - r * 1.0)} ${num(bx + side * r * 0.25)},${num(cy - r * 0.4)}`;
    body += `<polygon points="${ear}" fill="${fill}"/><polygon points="${innerEar}" fill="${inner}"/>`;
  }
  return body;
}

/** Whiskers and a nose, drawn over a cat face. */
export function catMuzzle(options: {
  cx: number;
  cy: number;
  size: number;
  ink: string;
  t: number;
}): string {
  const { cx, cy, size, ink, t } = options;
  const r = size / 2;
  const twitch = Math.sin(t * TAU * 2) * r * 0.04;
  const noseY = cy + r * 0.12;
  let body = `<polygon points="${num(cx - r * 0.08)},${num(noseY)} ${num(cx + r * 0.08)},${num(noseY)} ${num(cx)},${num(noseY + r * 0.08)}" fill="#ff8fab"/>`;
  for (const side of [-1, 1]) {
    for (const dy of [-0.05, 0.05]) {
      body += `<line x1="${num(cx + side * r * 0.25)}" y1="${num(noseY + r * 0.08)}" x2="${num(cx + side * r * 0.95)}" y2="${num(noseY + r * (dy * 3 + 0.02) + twitch)}" stroke="${ink}" stroke-width="${num(Math.max(1.5, r * 0.025))}" stroke-linecap="round"/>`;
    }
  }
  return body;
}
