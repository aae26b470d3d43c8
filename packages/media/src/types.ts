import type { ErrorCode } from '@jiffy/contracts';

/** Container formats Jiffy accepts, as sniffed from the file's first bytes (never its name). */
export type SourceFormat = 'gif' | 'webp' | 'png' | 'apng' | 'mp4' | 'webm' | 'mov';

/** What probing a source tells us before anything is decoded. */
export interface MediaProbe {
  format: SourceFormat;
  /** 'video' for mp4/webm/mov, 'image' otherwise (animated or not). */
  kind: 'image' | 'video';
  width: number;
  height: number;
  /** Frame count; for video, estimated from duration × frame rate. */
  frames: number;
  durationMs: number;
  /** Frames per second of the source (average for GIF/WebP with per-frame delays). */
  fps: number;
  /** An animated image's last frame delay in ms, as browsers play it (absent for video). */
  lastDelayMs?: number;
  hasAlpha: boolean;
  animated: boolean;
  /** True for a video with a sound track: it becomes a clip (GIPHY's videos), sound kept. */
  hasAudio: boolean;
}

/** Caps applied before and during processing. Every field is configurable on the server. */
export interface MediaLimits {
  maxBytes: number;
  maxPixelsPerFrame: number;
  maxFrames: number;
  maxDurationMs: number;
  /**
   * Decoded-work budget: frames × (width × height + a fixed per-frame cost), see decodedPixels;
   * for video, frames = duration × fps. A few KB of GIF can declare a big canvas and many
   * frames that each repaint one pixel; every frame is still decoded, scaled and encoded at
   * full size, so this, not the file size, bounds the work.
   */
  maxDecodedPixels: number;
  /** Wall-clock cap for any single child process or sharp pipeline. */
  processTimeoutMs: number;
}

export const defaultMediaLimits: MediaLimits = {
  maxBytes: 100 * 1024 * 1024,
  maxPixelsPerFrame: 4096 * 4096,
  maxFrames: 3000,
  maxDurationMs: 60_000,
  maxDecodedPixels: 250_000_000,
  processTimeoutMs: 120_000,
};

/** GIPHY's rendition names (the keys of a GIF object's `images`). */
export type RenditionName =
  | 'original'
  | 'original_still'
  | 'original_mp4'
  | 'fixed_height'
  | 'fixed_height_still'
  | 'fixed_height_downsampled'
  | 'fixed_height_small'
  | 'fixed_height_small_still'
  | 'fixed_width'
  | 'fixed_width_still'
  | 'fixed_width_downsampled'
  | 'fixed_width_small'
  | 'fixed_width_small_still'
  | 'downsized'
  | 'downsized_still'
  | 'downsized_medium'
  | 'downsized_large'
  | 'downsized_small'
  | 'preview'
  | 'preview_gif'
  | 'preview_webp'
  | 'looping'
  | '480w_still'
  | 'hd'
  /** A video with its sound (H.264 + AAC), for sources with an audio track. */
  | 'clip';

/** File formats a rendition can be written in; the media URL's extension is this. */
export type RenditionFormat = 'gif' | 'mp4' | 'webp' | 'jpg' | 'png' | 'webm';

/** One produced file. Several entries may share a `path` (e.g. original_mp4 is original's mp4). */
export interface RenditionFile {
  name: RenditionName;
  format: RenditionFormat;
  width: number;
  height: number;
  frames: number;
  bytes: number;
  /** Hex sha256 of the file's bytes. */
  sha256: string;
  path: string;
}

/**
 * 'essential' is what a page needs to show the GIF (original gif/mp4/webp, original_still,
 * fixed_width gif/mp4/webp/still); 'rest' is everything else. Together they are the full set.
 */
export type RenditionPhase = 'essential' | 'rest';

/** A media problem with a stable code; the server turns it into a 4xx or a `failed` status. */
export class MediaError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'MediaError';
    this.code = code;
  }
}
