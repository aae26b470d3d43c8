import type { StickerPlacement } from './scene.ts';

/** A keyboard step: 2% of the picture (Shift: 10%). */
const STEP = 0.02;
const BIG_STEP = 0.1;
const GROW = 1.15;
export const MIN_STICKER_WIDTH = 0.05;
export const MAX_STICKER_WIDTH = 1;
/** Where a new sticker goes, and how wide: the middle, 30% of the picture's width. */
export const NEW_STICKER = { x: 0.5, y: 0.5, width: 0.3 };

/**
 * What a key does to a placed sticker: the moved or resized sticker, null when it is removed,
 * undefined when the key is not the sticker's (Tab and the rest keep their meaning). Its
 * centre stays on the picture.
 */
export function moveSticker(
  sticker: StickerPlacement,
  key: string,
  shift = false,
): StickerPlacement | null | undefined {
  const step = shift ? BIG_STEP : STEP;
  const at = (x: number, y: number) => ({ ...sticker, x: clamp(x, 0, 1), y: clamp(y, 0, 1) });
  const sized = (width: number) => ({
    ...sticker,
    width: clamp(width, MIN_STICKER_WIDTH, MAX_STICKER_WIDTH),
  });
  switch (key) {
    case 'ArrowLeft':
      return at(sticker.x - step, sticker.y);
    case 'ArrowRight':
      return at(sticker.x + step, sticker.y);
    case 'ArrowUp':
      return at(sticker.x, sticker.y - step);
    case 'ArrowDown':
      return at(sticker.x, sticker.y + step);
    case '+':
    case '=':
      return sized(sticker.width * GROW);
    case '-':
    case '_':
      return sized(sticker.width / GROW);
    case 'Delete':
    case 'Backspace':
      return null;
    default:
      return undefined;
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
