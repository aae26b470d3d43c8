import { captionLayout } from './caption-layout.ts';
import { cropRect } from './crop.ts';
import type { Scene } from './scene.ts';
import { stickerFrameAt, type StickerFrames } from './sticker-frames.ts';

/** The clip's current picture and its size (a `<video>`'s videoWidth/videoHeight). */
export interface SourceFrame {
  image: CanvasImageSource;
  width: number;
  height: number;
}

/**
 * THE drawing of one frame of the GIF at time `t` (seconds into the loop): the source frame
 * cropped and scaled to the canvas, the caption as its animation has it at `t`, and the
 * stickers on top. The live preview and the render both call this, so what the preview shows
 * is what the GIF holds.
 */
export function drawFrame(
  ctx: CanvasRenderingContext2D,
  source: SourceFrame,
  scene: Scene,
  t: number,
  stickers: ReadonlyMap<string, StickerFrames>,
): void {
  const { width, height } = ctx.canvas;
  const crop = cropRect(source.width, source.height, scene.crop);
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.clearRect(0, 0, width, height);
  ctx.drawImage(source.image, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  drawCaption(ctx, scene, t);
  for (const placed of scene.stickers) {
    const frames = stickers.get(placed.url);
    if (!frames) continue;
    const w = placed.width * width;
    const h = w * placed.aspect;
    ctx.drawImage(
      stickerFrameAt(frames, t),
      placed.x * width - w / 2,
      placed.y * height - h / 2,
      w,
      h,
    );
  }
  ctx.restore();
}

function drawCaption(ctx: CanvasRenderingContext2D, scene: Scene, t: number): void {
  const { caption } = scene;
  const { width, height } = ctx.canvas;
  const fontOf = (px: number) => `bold ${px}px ${caption.font}`;
  const layout = captionLayout(caption, { width, height }, t, (text, px) => {
    ctx.font = fontOf(px);
    return ctx.measureText(text).width;
  });
  if (!layout) return;
  ctx.save();
  ctx.font = fontOf(layout.fontPx);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.globalAlpha = layout.alpha;
  // Pop grows the block from its centre.
  ctx.translate(layout.x, layout.y);
  ctx.scale(layout.scale, layout.scale);
  ctx.translate(-layout.x, -layout.y);
  layout.lines.forEach((line, i) => {
    const y = layout.lineYs[i]!;
    if (layout.outlinePx > 0) {
      // The stroke is centred on the glyph's edge: twice the width shows it at full width outside.
      ctx.lineWidth = layout.outlinePx * 2;
      ctx.strokeStyle = caption.outlineColor;
      ctx.strokeText(line, layout.x, y);
    }
    ctx.fillStyle = caption.color;
    ctx.fillText(line, layout.x, y);
  });
  ctx.restore();
}
