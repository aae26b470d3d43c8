import type { DemoItem, DemoSpeed } from './demo-catalog-types.ts';
import { paletteFor } from './demo-sources-palettes.ts';
import { hashString, seededRandom } from './demo-sources-random.ts';
import { sceneFor } from './demo-sources-scenes.ts';
import { svgDocument } from './demo-sources-svg.ts';

/** Milliseconds each drawn frame is shown, by the item's speed. */
export const frameDelays: Record<DemoSpeed, number> = { slow: 110, normal: 80, fast: 50 };

/**
 * Draws one loop of an item's scene at the given size: SVG documents (with the palette's
 * background unless `transparent`) or raw RGB buffers for per-pixel scenes.
 */
export function drawLoop(options: {
  item: DemoItem;
  width: number;
  height: number;
  transparent: boolean;
}): { frames: (string | Buffer)[]; colours: number | undefined } {
  const { item, width, height, transparent } = options;
  const scene = sceneFor(item);
  const palette = paletteFor(item.visual.palette);
  const draw = scene.create({
    width,
    height,
    palette,
    random: seededRandom(hashString(item.key)),
    mood: item.visual.mood ?? 'happy',
    shape: item.kind === 'sticker' ? undefined : item.visual.shape,
  });
  const frames = Array.from({ length: scene.frames }, (_, i) => {
    const frame = draw(i / scene.frames);
    if (typeof frame !== 'string') return frame;
    const background = transparent ? undefined : palette.background;
    return svgDocument({ width, height, body: frame, ...(background ? { background } : {}) });
  });
  return { frames, colours: scene.colours };
}
