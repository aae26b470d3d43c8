/** A pseudo-random generator returning floats in [0, 1). */
export type Random = () => number;

/** FNV-1a over the string's UTF-16 units: a stable 32-bit seed from an item key. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * mulberry32: tiny, fast and good enough for scattering shapes. Seeded so the same item
 * always renders to the same bytes (Math.random would make every seed run differ).
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A float in [min, max). */
export function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}
