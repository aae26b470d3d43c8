import type { DemoPalette } from './demo-catalog-types.ts';

/** Concrete colours for one named palette. */
export interface Palette {
  /** Opaque GIF background. */
  background: string;
  /** A second background tone for patterns (stripes, checkers, floors). */
  backdrop: string;
  /** Foreground colours, most prominent first. */
  colors: readonly [string, string, string, string];
  /** Dark detail colour: eyes, mouths, outlines. */
  ink: string;
}

// Flat, high-contrast colours on purpose: GIF palettes are small, and flat fills
// compress far better than gradients, which keeps each file well under 150 KB.
const palettes: Record<DemoPalette, Palette> = {
  sunset: {
    background: '#2d1b4e',
    backdrop: '#5b2a6e',
    colors: ['#ff6b6b', '#ffa94d', '#ffd43b', '#f783ac'],
    ink: '#1a0f2e',
  },
  ocean: {
    background: '#0b3954',
    backdrop: '#087e8b',
    colors: ['#4cc9f0', '#bfd7ea', '#4361ee', '#ffffff'],
    ink: '#06202f',
  },
  neon: {
    background: '#0d0221',
    backdrop: '#261447',
    colors: ['#ff2a6d', '#05d9e8', '#f9c80e', '#d1f7ff'],
    ink: '#000000',
  },
  pastel: {
    background: '#fdf6f0',
    backdrop: '#f1e3f3',
    colors: ['#ffadad', '#a0c4ff', '#caffbf', '#bdb2ff'],
    ink: '#4a4e69',
  },
  forest: {
    background: '#0b2419',
    backdrop: '#1b4332',
    colors: ['#52b788', '#95d5b2', '#d8f3dc', '#2d6a4f'],
    ink: '#081c15',
  },
  candy: {
    background: '#ffe5ec',
    backdrop: '#ffc2d1',
    colors: ['#ff006e', '#3a86ff', '#ffbe0b', '#8338ec'],
    ink: '#3d0a24',
  },
  fire: {
    background: '#1a0500',
    backdrop: '#3d0c02',
    colors: ['#ff4800', '#ff9e00', '#ffd000', '#d00000'],
    ink: '#120300',
  },
  mono: {
    background: '#111111',
    backdrop: '#2b2b2b',
    colors: ['#ffffff', '#bbbbbb', '#777777', '#eeeeee'],
    ink: '#000000',
  },
  retro: {
    background: '#264653',
    backdrop: '#2a9d8f',
    colors: ['#e9c46a', '#f4a261', '#e76f51', '#f1faee'],
    ink: '#1d1d1d',
  },
  midnight: {
    background: '#0a0e27',
    backdrop: '#1b2250',
    colors: ['#f8f7ff', '#9bb1ff', '#ffd6a5', '#6c63ff'],
    ink: '#000000',
  },
  citrus: {
    background: '#fff8e1',
    backdrop: '#ffe8a3',
    colors: ['#ffb703', '#fb8500', '#8ac926', '#219ebc'],
    ink: '#3b2a00',
  },
  berry: {
    background: '#2e0f2e',
    backdrop: '#5c1a4f',
    colors: ['#e0115f', '#ff77a9', '#b5179e', '#ffd1e8'],
    ink: '#1a041a',
  },
  mint: {
    background: '#e8fff5',
    backdrop: '#c7f9e5',
    colors: ['#2ec4b6', '#06d6a0', '#118ab2', '#ff9f1c'],
    ink: '#073b3a',
  },
  gold: {
    background: '#1c1400',
    backdrop: '#3a2a00',
    colors: ['#ffd700', '#ffb300', '#fff3b0', '#e09f3e'],
    ink: '#1c1400',
  },
};

/** The colours for a palette name. */
export function paletteFor(name: DemoPalette): Palette {
  return palettes[name];
}

/** "#ff8800" → [255, 136, 0]. */
export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Linear blend of two hex colours; `amount` 0 gives `from`, 1 gives `to`. */
export function mixHex(from: string, to: string, amount: number): string {
  const a = hexToRgb(from);
  const b = hexToRgb(to);
  const channel = (i: 0 | 1 | 2): string =>
    Math.round(a[i] + (b[i] - a[i]) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}
