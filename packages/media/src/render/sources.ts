import sharp from 'sharp';
import { mediaErrorFromSharp } from '../sharp-errors.ts';
import type { MediaError, MediaProbe, SourceFormat } from '../types.ts';
import { outputSet } from './job-outputs.ts';
import { workPath, type RenderContext } from './context.ts';
import type { GraphSource } from './ffmpeg-graph.ts';
import { fileInput, rawInput, type FfmpegInput } from './ffmpeg-input.ts';
import { runFfmpegJob } from './ffmpeg-job.ts';
import { extractCap, extractFrames, extractSeconds } from './plan.ts';
import { openSharpSource, rawFrames, type SharpSource } from './sharp-outputs.ts';
import { evenSize, fitWithin, fitsInside, type Size } from './sizes.ts';
import { inSharpSlot } from '../sharp-slots.ts';

/** Most raw RGBA bytes the WebP feed into ffmpeg may hold (see `withinFeedBudget`). */
const rawFeedBudget = 256 * 1024 * 1024;

/** The two readers of a phase: what ffmpeg decodes and what sharp decodes. */
export interface PreparedSources {
  ffmpegInput: FfmpegInput;
  graph: GraphSource;
  sharp: SharpSource;
  /** Throws if the raw frame feed into ffmpeg broke (ffmpeg would just see a short input). */
  checkFeed(): void;
}

/**
 * Arranges for both engines to read the source. GIF and PNG are read by both directly. ffmpeg
 * cannot animate WebP, so sharp feeds it raw frames; sharp cannot animate APNG or read video,
 * so ffmpeg first writes an intermediate WebP of the bounded extract for sharp. Each engine's
 * frames are only as big as its largest output needs (`needs.ffmpeg` / `needs.sharp`).
 */
export async function prepareSources(
  ctx: RenderContext,
  needs: { ffmpeg: readonly Size[]; sharp: readonly Size[] },
): Promise<PreparedSources> {
  const { probe, sizes } = ctx;
  const timeoutMs = ctx.limits.processTimeoutMs;
  let feedError: MediaError | null = null;
  const checkFeed = (): void => {
    if (feedError) throw feedError;
  };

  if (probe.format === 'webp') {
    const sharpSource = await openSharpSource({
      path: ctx.source,
      size: sizes.source,
      frames: probe.frames,
      timeoutMs,
      alpha: ctx.alpha,
    });
    const size = withinFeedBudget(cover(sizes.source, needs.ffmpeg), probe.frames);
    const seconds = probe.durationMs > 0 ? probe.durationMs : 100 * probe.frames;
    const input = rawInput({
      width: size.width,
      height: size.height,
      rate: `${probe.frames * 1000}/${Math.round(seconds)}`,
      stdin: () =>
        rawFrames(sharpSource, size).on('error', (error: unknown) => {
          feedError = mediaErrorFromSharp(error, 'Decoding the WebP');
        }),
    });
    return { ffmpegInput: input, graph: graphSource(ctx, size), sharp: sharpSource, checkFeed };
  }

  const isVideo = probe.kind === 'video';
  const ffmpegInput = fileInput({
    path: ctx.source,
    format: probe.format,
    maxPixels: ctx.limits.maxPixelsPerFrame,
    ...(isVideo ? { maxSeconds: ctx.limits.maxDurationMs / 1000 } : {}),
  });
  const graph = graphSource(ctx, sizes.source);
  if (probe.format === 'gif' || probe.format === 'png') {
    const sharpSource = await openSharpSource({
      path: ctx.source,
      size: sizes.source,
      frames: probe.frames,
      timeoutMs,
      alpha: ctx.alpha,
    });
    return { ffmpegInput, graph, sharp: sharpSource, checkFeed };
  }
  const sharpSource = await writeIntermediate(ctx, {
    ffmpegInput,
    graph,
    size: cover(sizes.source, needs.sharp),
  });
  return { ffmpegInput, graph, sharp: sharpSource, checkFeed };
}

/** APNG/video: the bounded extract as a high-quality WebP that sharp can animate. */
async function writeIntermediate(
  ctx: RenderContext,
  options: { ffmpegInput: FfmpegInput; graph: GraphSource; size: Size },
): Promise<SharpSource> {
  const outputs = outputSet(ctx);
  const path = workPath(ctx, 'frames.webp');
  outputs.internal({
    tail: 'webp',
    size: options.size,
    frames: { kind: 'extract' },
    path,
    quality: 90,
  });
  await runFfmpegJob({
    ff: ctx.ff,
    input: options.ffmpegInput,
    source: options.graph,
    outputs: outputs.jobOutputs,
    limits: ctx.limits,
  });
  const meta = await inSharpSlot(() => sharp(path, { animated: true }).metadata()).catch(
    (error: unknown) => {
      throw mediaErrorFromSharp(error, 'Decoding the source');
    },
  );
  const frames = meta.pages ?? 1;
  return openSharpSource({
    path,
    size: options.size,
    frames,
    timeoutMs: ctx.limits.processTimeoutMs,
    alpha: ctx.alpha,
  });
}

/** Sources whose frames reach ffmpeg through its demuxer, each with its own delay. */
const ownTiming: ReadonlySet<SourceFormat> = new Set(['gif', 'apng']);

/**
 * The source's last frame delay (ms) when its frames reach ffmpeg with their own timing, so
 * ffmpeg's outputs that end on that frame must be given it; undefined otherwise.
 */
export function ownLastDelayMs(probe: MediaProbe): number | undefined {
  return ownTiming.has(probe.format) ? probe.lastDelayMs : undefined;
}

function graphSource(ctx: RenderContext, size: Size): GraphSource {
  const { probe, sizes } = ctx;
  const isVideo = probe.kind === 'video';
  const lastDelayMs = ownLastDelayMs(probe);
  return {
    size,
    base: fitsInside(sizes.original, size) ? sizes.original : size,
    extract: isVideo
      ? {
          seconds: extractSeconds(probe),
          fps: probe.fps > extractCap.maxFps ? extractCap.maxFps : null,
        }
      : null,
    extractSeconds: Math.max(extractSeconds(probe), 0.1),
    extractFrames: extractFrames(probe),
    exactFrames: !isVideo,
    paletteSample: fitWithin(size, { width: 160, height: 160 }),
    // GIF, PNG and WebP frames reach ffmpeg as RGB; video is YUV, which swscale resizes well.
    // Transparent frames keep swscale's path (zscale would need gbrap handled throughout).
    rgbResize: ctx.ff.zscale && !isVideo && !ctx.alpha,
    stackFill: ctx.ff.xstackFill,
    ...(lastDelayMs !== undefined ? { lastDelayMs } : {}),
  };
}

/**
 * sharp hands raw output over as one buffer, so the WebP feed holds every frame at once; past
 * the budget the frames ffmpeg gets are made smaller (a very long WebP's MP4s lose resolution
 * rather than the worker running out of memory).
 */
function withinFeedBudget(size: Size, frames: number): Size {
  const bytes = size.width * size.height * 4 * frames;
  if (bytes <= rawFeedBudget) return size;
  const scale = Math.sqrt(rawFeedBudget / bytes);
  return evenSize({ width: size.width * scale, height: size.height * scale });
}

/** The smallest scaling of `source` (never enlarged) that covers every size in `needs`. */
function cover(source: Size, needs: readonly Size[]): Size {
  let scale = 0;
  for (const need of needs) {
    scale = Math.max(scale, need.width / source.width, need.height / source.height);
  }
  scale = Math.min(1, scale || 1);
  return {
    width: Math.max(2, Math.round((source.width * scale) / 2) * 2),
    height: Math.max(2, Math.round((source.height * scale) / 2) * 2),
  };
}
