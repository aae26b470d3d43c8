import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { cropRect, outputSize } from './crop.ts';
import { drawFrame } from './draw-frame.ts';
import type { Scene, Timing } from './scene.ts';
import { seekVideo, videoFrame } from './seek-video.ts';
import type { StickerFrames } from './sticker-frames.ts';
import { frameDelaysMs, frameTimes, sourceTimeAt } from './timeline.ts';

/** A canvas of the GIF's size for a video and crop. */
export function outputCanvas(video: HTMLVideoElement, scene: Scene): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const size = outputSize(cropRect(video.videoWidth, video.videoHeight, scene.crop));
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

/** Draws the GIF's frame at time `t` (seconds into the loop) on the canvas it is given. */
export type DrawAt = (ctx: CanvasRenderingContext2D, t: number) => void | Promise<void>;

/**
 * Renders the GIF in the page: seeks the clip to each frame's moment, draws it with the
 * preview's drawFrame, and encodes with gifenc. `onProgress` gets the share of frames done.
 */
export function renderGif(
  video: HTMLVideoElement,
  scene: Scene,
  timing: Timing,
  stickers: ReadonlyMap<string, StickerFrames>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const drawAt: DrawAt = async (ctx, t) => {
    await seekVideo(video, sourceTimeAt(timing, t));
    drawFrame(ctx, videoFrame(video), scene, t, stickers);
  };
  return encodeGif(outputCanvas(video, scene), timing, drawAt, onProgress, signal);
}

/**
 * Encodes the loop `timing` spans at the maker's frame rate: each frame drawn by `drawAt` on
 * `canvas`, then quantised to a palette of its own colours (gifenc). The maker's clips and
 * the scene page's photos (`/ar-scenes`) both end here.
 */
export async function encodeGif(
  canvas: HTMLCanvasElement,
  timing: Timing,
  drawAt: DrawAt,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const times = frameTimes(timing);
  const delays = frameDelaysMs(times.length);
  const gif = GIFEncoder();
  for (const [i, t] of times.entries()) {
    signal?.throwIfAborted();
    await drawAt(ctx, t);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const palette = quantize(data, 256);
    gif.writeFrame(applyPalette(data, palette), canvas.width, canvas.height, {
      palette,
      delay: delays[i],
    });
    onProgress((i + 1) / times.length);
  }
  gif.finish();
  return new Blob([gif.bytes() as Uint8Array<ArrayBuffer>], { type: 'image/gif' });
}
