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

/**
 * Renders the GIF in the page: seeks the clip to each frame's moment, draws it with the
 * preview's drawFrame, and encodes with gifenc (a palette per frame, quantised from that
 * frame's own colours). `onProgress` gets the share of frames done.
 */
export async function renderGif(
  video: HTMLVideoElement,
  scene: Scene,
  timing: Timing,
  stickers: ReadonlyMap<string, StickerFrames>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const canvas = outputCanvas(video, scene);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const times = frameTimes(timing);
  const delays = frameDelaysMs(times.length);
  const gif = GIFEncoder();
  for (const [i, t] of times.entries()) {
    signal?.throwIfAborted();
    await seekVideo(video, sourceTimeAt(timing, t));
    drawFrame(ctx, videoFrame(video), scene, t, stickers);
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
