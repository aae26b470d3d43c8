import type { RenditionFormat, RenditionName } from '../types.ts';
import { outPath, type RenderContext } from './context.ts';
import type { FrameSet } from './ffmpeg-graph.ts';
import type { JobOutput } from './ffmpeg-job.ts';
import type { ProducedRendition } from './describe-output.ts';
import { extractFrames } from './plan.ts';
import type { Size } from './sizes.ts';

/** Past this many bytes of frames buffered for palettes, GIFs switch to per-frame palettes. */
const paletteBufferBudget = 384 * 1024 * 1024;

type Extra = Pick<JobOutput, 'kbps' | 'maxSeconds' | 'quality'>;

/** Collects one ffmpeg job's outputs and the renditions they serve. */
export interface OutputSet {
  /** A rendition file written by ffmpeg to `<outDir>/<name>.<ext>`; returns its path. */
  add(
    name: RenditionName,
    tail: JobOutput['tail'],
    options: { size: Size; frames?: FrameSet } & Extra,
  ): string;
  /** A file that is not (yet) a rendition, written where `path` says. */
  internal(
    options: { tail: JobOutput['tail']; size: Size; frames?: FrameSet; path: string } & Extra,
  ): void;
  /** The job's outputs, GIF palettes made streaming where buffering would cost too much. */
  readonly jobOutputs: JobOutput[];
  readonly produced: ProducedRendition[];
}

/** Starts an empty set of outputs for one ffmpeg job. */
export function outputSet(ctx: RenderContext): OutputSet {
  const outputs: JobOutput[] = [];
  const produced: ProducedRendition[] = [];
  const framesOf = (tail: JobOutput['tail'], frames?: FrameSet): FrameSet =>
    frames ?? (tail === 'mp4' ? { kind: 'all' } : { kind: 'extract' });
  const push = (
    options: { tail: JobOutput['tail']; size: Size; frames?: FrameSet; path: string } & Extra,
  ): void => {
    const { tail, size, frames, path, ...extra } = options;
    outputs.push({
      label: `o${outputs.length}`,
      tail,
      size,
      frames: framesOf(tail, frames),
      alpha: ctx.alpha,
      path,
      ...extra,
    });
  };
  return {
    add(name, tail, options) {
      const format: RenditionFormat = tail;
      const path = outPath(ctx, name, format);
      push({ ...options, tail, path });
      produced.push({ name, format, path });
      return path;
    },
    internal(options) {
      push(options);
    },
    get jobOutputs() {
      return withStreamingPalettes(outputs, ctx);
    },
    produced,
  };
}

/**
 * palettegen holds every frame of its branch until the end of the input. When the GIF branches
 * together would buffer more than the budget, the biggest switch to per-frame palettes (slower,
 * but nothing is held).
 */
function withStreamingPalettes(outputs: JobOutput[], ctx: RenderContext): JobOutput[] {
  const frames = extractFrames(ctx.probe);
  const framesIn = (o: JobOutput): number => (o.frames.kind === 'pick' ? o.frames.count : frames);
  const cost = (o: JobOutput): number => o.size.width * o.size.height * 4 * framesIn(o);
  const gifs = outputs.filter((o) => o.tail === 'gif').sort((a, b) => cost(b) - cost(a));
  let total = gifs.reduce((sum, o) => sum + cost(o), 0);
  const streaming = new Set<JobOutput>();
  for (const gif of gifs) {
    if (total <= paletteBufferBudget) break;
    streaming.add(gif);
    total -= cost(gif);
  }
  return outputs.map((o) => (streaming.has(o) ? { ...o, palette: 'streaming' } : o));
}
