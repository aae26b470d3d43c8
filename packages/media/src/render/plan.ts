import type { MediaProbe } from '../types.ts';
import { evenSize, fitWithin, toHeight, toWidth, type Size } from './sizes.ts';

/** Long side of `original` (and of the frames GIF/WebP renditions are made from). */
export const originalMaxSide = 480;
/** Long side of `hd`, made only for sources bigger than `original`. */
export const hdMaxSide = 1920;
/** `clip` (a video with sound) fits in 1280x720, or 720x1280 when upright. */
export const clipBox = { long: 1280, short: 720 } as const;
/** Frames in `*_downsampled`. */
export const downsampledFrames = 6;
/** Frames in `preview_gif` / `preview_webp` (fewer for shorter sources). */
export const previewFrames = 8;
/** Byte targets GIPHY documents for its size-capped renditions. */
export const byteCaps = {
  downsized: 2 * 1024 * 1024,
  downsized_medium: 5 * 1024 * 1024,
  downsized_large: 8 * 1024 * 1024,
  downsized_small: 200 * 1024,
  preview: 50 * 1024,
  preview_gif: 50 * 1024,
} as const;
/** Video sources: GIF/WebP renditions come from at most this much, at most this often. */
export const extractCap = { maxSeconds: 15, maxFps: 15 } as const;
/** Seconds kept in `preview` (GIPHY cuts it short). */
export const previewSeconds = 3;
/** Seconds kept in `downsized_small` (GIPHY cuts it short too). */
export const downsizedSmallSeconds = 8;
/** `looping` repeats the original MP4 until it lasts at least this long. */
export const loopingMinMs = 5000;

/** The dimensions of every rendition, worked out once from the probe. */
export interface RenditionSizes {
  source: Size;
  original: Size;
  fixedWidth: Size;
  fixedHeight: Size;
  fixedWidthSmall: Size;
  fixedHeightSmall: Size;
  preview: Size;
  previewGif: Size;
  downsizedSmall: Size;
  still480: Size;
  /** Null when the source is no bigger than `original`. */
  hd: Size | null;
  /** Null unless the source is a video with sound. */
  clip: Size | null;
}

/**
 * GIPHY's sizes: `fixed_*` are exactly 200 (or 100) on their fixed side, enlarging small
 * sources as GIPHY does, with the other side capped at five times that so extreme strips stay
 * small; `original` is the source fitted in 480x480 and never enlarged. Everything but
 * `original` (whose GIF may be the source itself) has even sides, so a rendition's MP4, GIF and
 * WebP share one size (H.264 in yuv420p needs even sides).
 */
export function planSizes(probe: MediaProbe, options = { sticker: false }): RenditionSizes {
  const source = { width: probe.width, height: probe.height };
  const longSide = Math.max(source.width, source.height);
  return {
    source,
    original: fitWithin(source, square(originalMaxSide)),
    fixedWidth: evenSize(toWidth(source, 200, 1000)),
    fixedHeight: evenSize(toHeight(source, 200, 1000)),
    fixedWidthSmall: evenSize(toWidth(source, 100, 500)),
    fixedHeightSmall: evenSize(toHeight(source, 100, 500)),
    preview: evenSize(fitWithin(source, square(160))),
    previewGif: fitWithin(source, square(120)),
    downsizedSmall: evenSize(fitWithin(source, square(320))),
    still480: toWidth(source, 480, 2400),
    hd: longSide > originalMaxSide ? evenSize(fitWithin(source, square(hdMaxSide))) : null,
    // Stickers are silent overlays: no clip even when the source has sound.
    clip:
      !options.sticker && probe.kind === 'video' && probe.hasAudio
        ? evenSize(fitWithin(source, clipFrame(source)))
        : null,
  };
}

function clipFrame(source: Size): Size {
  return source.width >= source.height
    ? { width: clipBox.long, height: clipBox.short }
    : { width: clipBox.short, height: clipBox.long };
}

/** Seconds of source the GIF/WebP renditions cover. */
export function extractSeconds(probe: MediaProbe): number {
  const seconds = probe.durationMs / 1000;
  return probe.kind === 'video' ? Math.min(seconds, extractCap.maxSeconds) : seconds;
}

/** About how many frames the GIF/WebP renditions have (exact for images). */
export function extractFrames(probe: MediaProbe): number {
  if (probe.kind !== 'video') return probe.frames;
  const fps = Math.min(probe.fps, extractCap.maxFps);
  return Math.max(1, Math.min(probe.frames, Math.ceil(extractSeconds(probe) * fps)));
}

function square(side: number): Size {
  return { width: side, height: side };
}
