import type { FrameSet, GraphBranch, GraphSource } from './ffmpeg-graph.ts';
import { sameSize, type Size } from './sizes.ts';

/**
 * Ordered 4x4 dithering: close to error diffusion on screen, far cheaper, and it compresses
 * better in GIF's LZW. `alpha_threshold` keeps transparency binary, as GIF needs.
 */
const paletteUse = 'paletteuse=dither=bayer:bayer_scale=3:alpha_threshold=128';

/**
 * paletteuse with the job's shared palette: only the rectangle that changed since the previous
 * frame is dithered again.
 */
export const sharedPaletteUse = `${paletteUse}:diff_mode=rectangle`;

/**
 * Resize to exactly `size`. With `rgb`, the frames are opaque RGB and are resized by zimg in
 * planar RGB: swscale resizes packed RGB through a slow path (three GIF-sized resizes cost
 * ≈ 235 ms CPU in swscale against ≈ 65 ms in zscale on the small bench GIF). zimg's bicubic is
 * given swscale's kernel (B = 0, C = 0.6) so renditions stay as sharp; zscale must be told its
 * output format, or it may be asked for YUV with RGB matrix coefficients and fail.
 */
export function scaleFilter(size: Size, rgb = false): string {
  const { width, height } = size;
  if (rgb) {
    return `format=gbrp,zscale=${width}:${height}:filter=bicubic:param_a=0:param_b=0.6,format=gbrp`;
  }
  return `scale=${width}:${height}:flags=bicubic`;
}

/** The palette mode a GIF branch uses. */
export function paletteOf(branch: GraphBranch): 'shared' | 'streaming' {
  return branch.palette ?? 'shared';
}

/**
 * The filter that narrows a stream to a frame set: `null` asks for the extract itself (video:
 * trimmed and frame-rate capped), 'pick' spreads a few frames over the extract.
 */
export function subsetFilter(source: GraphSource, frames: FrameSet | null): string {
  if (frames === null) {
    const extract = source.extract;
    if (!extract) return '';
    const trim = `trim=duration=${extract.seconds.toFixed(3)},setpts=PTS-STARTPTS`;
    return extract.fps ? `${trim},fps=fps=${extract.fps}` : trim;
  }
  if (frames.kind === 'pick') return pickFilter(source, frames.count);
  return '';
}

/**
 * Selects `count` evenly spread frames by index and retimes them to share the extract's
 * duration. A video's frame count is an estimate, so its picks stay within the first 90% to
 * be sure every index exists.
 */
function pickFilter(source: GraphSource, requested: number): string {
  const count = Math.max(1, Math.min(requested, source.extractFrames));
  const stepMs = Math.max(20, Math.round((source.extractSeconds * 1000) / count));
  const span = source.exactFrames
    ? source.extractFrames
    : Math.max(count, source.extractFrames * 0.9);
  const indices = Array.from({ length: count }, (_, i) => Math.floor((i * span) / count));
  const select = indices.map((n) => `eq(n,${n})`).join('+');
  return `select='${select}',settb=1/1000,setpts=N*${stepMs}`;
}

/** The shared palette: palettegen over a small copy, split to every sharing GIF. */
export function paletteChain(options: {
  input: string;
  from: Size;
  size: Size;
  outputs: readonly string[];
  rgb?: boolean;
}): string {
  const scale = sameSize(options.size, options.from)
    ? ''
    : `${scaleFilter(options.size, options.rgb)},`;
  const split = options.outputs.length > 1 ? `,split=${options.outputs.length}` : '';
  const labels = options.outputs.map((l) => `[${l}]`).join('');
  return `[${options.input}]${scale}palettegen=stats_mode=diff${split}${labels}`;
}

/** The chains from a branch's input label to its output label. */
export function branchChains(options: {
  branch: GraphBranch;
  input: string;
  from: Size;
  /** Label of the shared palette this GIF uses; undefined for a streaming GIF. */
  palette: string | undefined;
  fresh: () => string;
  rgb?: boolean;
}): string[] {
  const { branch, fresh } = options;
  const scale = sameSize(branch.size, options.from)
    ? ''
    : `${scaleFilter(branch.size, options.rgb)},`;
  const head = `[${options.input}]${scale}setsar=1`;
  const out = `[${branch.label}]`;
  if (branch.tail === 'gif') {
    if (options.palette) {
      const frames = fresh();
      return [`${head}[${frames}]`, `[${frames}][${options.palette}]${sharedPaletteUse}${out}`];
    }
    // Streaming: a palette per frame, so no frame waits for the end of the input.
    const [a, b, p] = [fresh(), fresh(), fresh()];
    return [
      `${head},split[${a}][${b}]`,
      `[${a}]palettegen=stats_mode=single[${p}]`,
      `[${b}][${p}]${paletteUse}:new=1${out}`,
    ];
  }
  if (branch.tail === 'webp') {
    return [`${head},format=${branch.alpha ? 'yuva420p' : 'yuv420p'}${out}`];
  }
  if (!branch.alpha) return [`${head},format=yuv420p${out}`];
  // Flatten onto white: a copy of each frame painted opaque white is the backdrop, so both
  // overlay inputs share every timestamp and no frame is duplicated or dropped.
  const [a, b, bg] = [fresh(), fresh(), fresh()];
  return [
    `${head},format=rgba,split[${a}][${b}]`,
    `[${a}]lutrgb=r=255:g=255:b=255:a=255[${bg}]`,
    `[${bg}][${b}]overlay=format=auto,format=yuv420p${out}`,
  ];
}
