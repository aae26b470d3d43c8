import sharp from 'sharp';

/** Input for `encodeAnimation`. */
export interface EncodeOptions {
  /** SVG documents, or raw RGB buffers of width × height × 3 (opaque only). */
  frames: readonly (string | Buffer)[];
  width: number;
  height: number;
  delayMs: number;
  format: 'gif' | 'webp';
  /** Keep an alpha channel (stickers); otherwise frames are flattened to RGB. */
  transparent: boolean;
  /** GIF palette size (default 64). */
  colours?: number;
}

/** Rasterises one frame to raw pixels with exactly `channels` bands. */
export async function rasterise(frame: string | Buffer, channels: 3 | 4): Promise<Buffer> {
  if (typeof frame !== 'string') {
    if (channels !== 3) throw new Error('raw frames are RGB; transparent scenes must draw SVG');
    return frame;
  }
  const image = sharp(Buffer.from(frame));
  return (channels === 4 ? image.ensureAlpha() : image.removeAlpha()).raw().toBuffer();
}

/**
 * Stacks frames into one tall raw image with `pageHeight` (sharp's representation of an
 * animation) and writes it as a looping GIF or WebP.
 */
export async function encodeAnimation(options: EncodeOptions): Promise<Buffer> {
  const { frames, width, height, delayMs, format, transparent, colours = 64 } = options;
  const channels = transparent ? 4 : 3;
  const pixels = await Promise.all(frames.map((frame) => rasterise(frame, channels)));
  const strip = sharp(Buffer.concat(pixels), {
    raw: { width, height: height * frames.length, channels, pageHeight: height },
  });
  // sharp applies a single number to the first frame only, so give every frame its delay.
  const delay = frames.map(() => delayMs);
  if (format === 'webp') {
    return strip.webp({ delay, loop: 0, quality: 80, alphaQuality: 90, effort: 4 }).toBuffer();
  }
  // Flat-colour scenes need few colours; no dithering keeps runs long so LZW stays small.
  return strip.gif({ delay, loop: 0, colours, dither: 0, effort: 7 }).toBuffer();
}
