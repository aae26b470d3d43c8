import { outputSize } from '../maker/crop.ts';
import { drawFrame } from '../maker/draw-frame.ts';
import { encodeGif, type DrawAt } from '../maker/render-gif.ts';
import { defaultScene, OUTPUT_FPS, type StickerPlacement, type Timing } from '../maker/scene.ts';
import type { StickerFrames } from '../maker/sticker-frames.ts';
import { captureFramesWith } from '../maker/tag-suggestions.ts';
import type { Photo } from './photo.ts';

/** A scene's GIF lasts as long as its longest sticker loop, but no longer than this. */
export const MAX_SCENE_SECONDS = 6;

/** What a scene holds: the still photo and the stickers placed over it. */
export interface PhotoScene {
  photo: Photo;
  stickers: StickerPlacement[];
  frames: ReadonlyMap<string, StickerFrames>;
}

/**
 * Seconds of the scene's loop: the longest loop among its placed stickers, capped; 0 when
 * nothing on it moves (the GIF is then one frame).
 */
export function sceneLoopSeconds(
  stickers: StickerPlacement[],
  frames: ReadonlyMap<string, StickerFrames>,
): number {
  const loops = stickers.map((s) => frames.get(s.url)?.duration ?? 0);
  return Math.min(MAX_SCENE_SECONDS, Math.max(0, ...loops));
}

/** The loop as the maker's timing: a still at 1×, `loop` long (one frame when it is 0). */
export function sceneTiming(loop: number): Timing {
  return { start: 0, end: Math.max(loop, 1 / OUTPUT_FPS), speed: 1 };
}

/** The GIF's size: the maker's (at most 480 px a side, even numbers). */
export function sceneGifSize(photo: Photo): { width: number; height: number } {
  return outputSize(photo);
}

/** Draws the scene at time `t` with the maker's drawFrame (no crop, no caption). */
export function drawScene(scene: PhotoScene): DrawAt {
  const drawn = { ...defaultScene, stickers: scene.stickers };
  return (ctx, t) => drawFrame(ctx, scene.photo, drawn, t, scene.frames);
}

function canvasOf(size: { width: number; height: number }): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

/** One frame (the loop's first) at the photo's own size, as a PNG. */
export async function renderScenePng(scene: PhotoScene): Promise<Blob> {
  const canvas = canvasOf(scene.photo);
  await drawScene(scene)(canvas.getContext('2d')!, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made.'))),
      'image/png',
    ),
  );
}

/** The animated GIF: the stickers moving over the still photo for one loop. */
export function renderSceneGif(
  scene: PhotoScene,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const timing = sceneTiming(sceneLoopSeconds(scene.stickers, scene.frames));
  return encodeGif(
    canvasOf(sceneGifSize(scene.photo)),
    timing,
    drawScene(scene),
    onProgress,
    signal,
  );
}

/** The frames tag suggestions look at, as the maker sends them. */
export function sceneTagFrames(scene: PhotoScene): Promise<string[]> {
  const loop = sceneLoopSeconds(scene.stickers, scene.frames);
  return captureFramesWith(canvasOf(sceneGifSize(scene.photo)), loop, drawScene(scene));
}
