import type { DemoMood, DemoShape } from './demo-catalog-types.ts';
import type { Palette } from './demo-sources-palettes.ts';
import type { Random } from './demo-sources-random.ts';

/** Everything a scene may use to lay itself out; `random` is seeded from the item key. */
export interface SceneSetup {
  width: number;
  height: number;
  palette: Palette;
  random: Random;
  mood: DemoMood;
  shape: DemoShape | undefined;
}

/**
 * Draws one frame at loop position `t` in [0, 1). Every motion is periodic in `t` so the
 * last frame flows into the first. Returns SVG markup (no root element, no background)
 * or, for per-pixel scenes, a raw RGB buffer of exactly width × height × 3 bytes.
 */
export type FrameDrawer = (t: number) => string | Buffer;

/** A scene: how many frames it wants and how to build its drawer. */
export interface SceneDefinition {
  frames: number;
  /**
   * GIF palette size when the default (64) makes the file too big: scenes whose every pixel
   * moves each frame (spirals, rings) compress far better with fewer anti-aliasing shades.
   */
  colours?: number;
  create: (setup: SceneSetup) => FrameDrawer;
}

/** 2π, because almost every scene turns loop position into an angle. */
export const TAU = Math.PI * 2;
