import { drawFrame } from './draw-frame.ts';
import type { DrawAt } from './render-gif.ts';
import type { Scene, Timing } from './scene.ts';
import { seekVideo, videoFrame } from './seek-video.ts';
import type { StickerFrames } from './sticker-frames.ts';
import { loopSeconds, sourceTimeAt } from './timeline.ts';

export type { SuggestedTag as TagSuggestion } from '../tag-suggestions/suggest-tags.ts';
export { suggestTags } from '../tag-suggestions/suggest-tags.ts';

/** Frames sent for a prediction: a PNG this wide stays well under the call's 512 KB a frame. */
const FRAME_WIDTH = 240;
/** Moments of the loop looked at: early, middle and late. */
const SHARES = [0.15, 0.5, 0.85];

/**
 * Three frames of the GIF as it will be (the same drawFrame), downscaled to PNG data URLs, for
 * `POST /ajax/tags/prediction/`.
 */
export function captureFrames(
  video: HTMLVideoElement,
  scene: Scene,
  timing: Timing,
  stickers: ReadonlyMap<string, StickerFrames>,
  full: HTMLCanvasElement,
): Promise<string[]> {
  return captureFramesWith(full, loopSeconds(timing), async (ctx, t) => {
    await seekVideo(video, sourceTimeAt(timing, t));
    drawFrame(ctx, videoFrame(video), scene, t, stickers);
  });
}

/**
 * The same three moments of a `loop` seconds long, each drawn by `drawAt` on `full` and
 * downscaled: what any of the site's GIF makers sends for suggestions.
 */
export async function captureFramesWith(
  full: HTMLCanvasElement,
  loop: number,
  drawAt: DrawAt,
): Promise<string[]> {
  const ctx = full.getContext('2d')!;
  const small = document.createElement('canvas');
  small.width = Math.min(FRAME_WIDTH, full.width);
  small.height = Math.max(1, Math.round((full.height * small.width) / full.width));
  const frames: string[] = [];
  for (const share of SHARES) {
    await drawAt(ctx, loop * share);
    small.getContext('2d')!.drawImage(full, 0, 0, small.width, small.height);
    frames.push(small.toDataURL('image/png'));
  }
  return frames;
}
