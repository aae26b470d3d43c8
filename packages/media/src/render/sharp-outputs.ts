import sharp, { type Sharp } from 'sharp';
import { normaliseDelayMs } from '../probe/image-structure.ts';
import { pixelBudget } from '../probe/pixel-budget.ts';
import { mediaErrorFromSharp } from '../sharp-errors.ts';
import type { Size } from './sizes.ts';
import { inSharpSlot } from '../sharp-slots.ts';
import { traced } from '../trace.ts';

/** A file sharp renders from (the source, or an intermediate for APNG/video). */
export interface SharpSource {
  path: string;
  size: Size;
  frames: number;
  /** Per-frame delays as browsers play them; null for a still. */
  delays: number[] | null;
  /** Decoding far more pixels than the frames hold means the file is not what was probed. */
  pixelBudget: number;
  /** Keep the alpha channel; when false it is dropped before encoding (less work for libwebp). */
  alpha: boolean;
  timeoutSeconds: number;
}

/** Reads the delays sharp will see and fixes the pixel budget for every later pipeline. */
export async function openSharpSource(options: {
  path: string;
  size: Size;
  frames: number;
  timeoutMs: number;
  alpha: boolean;
}): Promise<SharpSource> {
  const budget = pixelBudget(options.size, options.frames);
  const animated = options.frames > 1;
  try {
    const meta = await inSharpSlot(() =>
      traced('sharp metadata (open source)', () =>
        sharp(options.path, { animated, limitInputPixels: budget, failOn: 'error' }).metadata(),
      ),
    );
    const delays = animated ? (meta.delay ?? []).map(normaliseDelayMs) : null;
    return {
      path: options.path,
      size: options.size,
      frames: options.frames,
      delays,
      pixelBudget: budget,
      alpha: options.alpha,
      timeoutSeconds: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
    };
  } catch (error) {
    throw mediaErrorFromSharp(error, 'Reading the source');
  }
}

/** An animated (or, for a still source, single-frame) WebP at `size`. */
export async function writeWebp(
  source: SharpSource,
  options: { size: Size; path: string; quality?: number },
): Promise<void> {
  const animation = source.delays ? { loop: 0, delay: source.delays } : {};
  await run(
    pipeline(source, true)
      .resize(options.size.width, options.size.height, { fit: 'fill' })
      .webp({ quality: options.quality ?? 75, effort: 1, ...animation }),
    options.path,
    'Writing a WebP',
  );
}

/** The first frame at `size`: GIF (transparency kept), JPEG on white, or PNG. */
export async function writeStill(
  source: SharpSource,
  options: { size: Size; path: string; format: 'gif' | 'jpg' | 'png' },
): Promise<void> {
  let image = pipeline(source, false).resize(options.size.width, options.size.height, {
    fit: 'fill',
  });
  if (options.format === 'gif') image = image.gif({ effort: 4 });
  else if (options.format === 'png') image = image.png({ compressionLevel: 6 });
  else image = image.flatten({ background: '#ffffff' }).jpeg({ quality: 85 });
  await run(image, options.path, 'Writing a still');
}

/**
 * Every frame as raw RGBA at `size`, streamed (for ffmpeg's stdin), so a long animation never
 * sits in memory whole.
 */
export function rawFrames(source: SharpSource, size: Size): Sharp {
  return pipeline(source, true)
    .resize(size.width, size.height, { fit: 'fill' })
    .ensureAlpha()
    .raw();
}

function pipeline(source: SharpSource, allFrames: boolean): Sharp {
  const image = sharp(source.path, {
    animated: allFrames && source.delays !== null,
    limitInputPixels: source.pixelBudget,
    failOn: 'error',
  }).timeout({ seconds: source.timeoutSeconds });
  // libvips loads GIFs with alpha even when nothing is transparent.
  return source.alpha ? image : image.removeAlpha();
}

async function run(image: Sharp, path: string, doing: string): Promise<void> {
  try {
    await inSharpSlot(() => traced(`sharp → ${path.split('/').pop()}`, () => image.toFile(path)));
  } catch (error) {
    throw mediaErrorFromSharp(error, doing);
  }
}
