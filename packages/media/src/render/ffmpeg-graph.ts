import {
  branchChains,
  paletteChain,
  paletteOf,
  scaleFilter,
  sharedPaletteUse,
  subsetFilter,
} from './ffmpeg-filters.ts';
import { stackedGifChains } from './gif-canvas.ts';
import { fitsInside, sameSize, type Size } from './sizes.ts';

/** Which frames a branch encodes. */
export type FrameSet =
  | { kind: 'all' }
  /** The bounded extract (for video: ≤ 15 s at ≤ 15 fps); the same as 'all' for images. */
  | { kind: 'extract' }
  /** `count` frames evenly spread over the extract, each shown for duration / count. */
  | { kind: 'pick'; count: number };

/** One encoded output's video stream, ending at filter label `[label]`. */
export interface GraphBranch {
  label: string;
  size: Size;
  frames: FrameSet;
  tail: 'mp4' | 'gif' | 'webp' | 'webm';
  /** GIF/WebP keep transparency; MP4 and WebM are flattened onto white. */
  alpha: boolean;
  /**
   * GIF palette: 'shared' (the default: one palette for every GIF of the job, computed from a
   * small copy of the extract, since each palettegen has a fixed cost of tens of ms) or
   * 'streaming' (a new palette per frame, so nothing is buffered; for animations too long to
   * hold in memory).
   */
  palette?: 'shared' | 'streaming';
}

/** What the graph's single input looks like. */
export interface GraphSource {
  size: Size;
  /** Branches no bigger than this are scaled from one shared resize to it (cheaper). */
  base: Size;
  /** Caps for the extract (video only); null means the extract is every frame. */
  extract: { seconds: number; fps: number | null } | null;
  /** Duration (s) and frame count of the extract, for spreading picks. */
  extractSeconds: number;
  extractFrames: number;
  /** Images know their exact frame count; a video's is an estimate (picks stay clear of the end). */
  exactFrames: boolean;
  /** Size of the copy the shared palette is computed from (small: palettegen is costly). */
  paletteSample: Size;
  /** Frames are opaque RGB and ffmpeg has zscale: resize with it (see `scaleFilter`). */
  rgbResize?: boolean;
  /** ffmpeg's xstack takes `fill` (see `FfmpegInfo.xstackFill`). */
  stackFill?: boolean;
  /**
   * The source's last frame delay (ms), when its frames reach ffmpeg with their own timing (a
   * GIF or APNG through its demuxer): an encoder knows no frame's duration but from the next
   * frame, so the last one's is given to the GIF muxer (`-final_delay`) and written into the
   * WebPs and MP4s after ffmpeg exits. Its presence also gives MP4s a millisecond time base.
   */
  lastDelayMs?: number;
  /**
   * The input is a file Jiffy wrote (a re-encode to a smaller size or another format): its
   * timestamps are already the ones to keep (a GIF's own delays in a millisecond time base, or
   * a video's frame rate), so the MP4 and WebM encoders take the input's time base instead of
   * one from a guessed rate, which rounded every delay to it.
   */
  inputTimeBase?: boolean;
}

type Leaf =
  | { kind: 'branch'; branch: GraphBranch }
  /** A branch whose frames are final as they leave the parent (its encoder's format). */
  | { kind: 'ready'; branch: GraphBranch }
  | { kind: 'palette'; size: Size }
  /** The frames of one tile of the GIF canvas (see `canvasGifs`). */
  | { kind: 'tile'; index: number };

interface Node {
  filter: string;
  size: Size;
  children: Array<Node | Leaf>;
}

/**
 * One filter graph for every branch of a job, so the source is decoded once: the full stream
 * and the bounded extract, each resized once to `base` when branches fit inside it, picks and
 * resizes shared between the branches that need the same, one shared GIF palette, then the
 * encoder-specific tail of each branch.
 */
export function buildFilterGraph(source: GraphSource, branches: readonly GraphBranch[]): string {
  const rgb = source.rgbResize ?? false;
  // Opaque RGB frames are made planar once, before the split: each branch's own
  // `format=gbrp` then has nothing left to convert (ffmpeg inserts a swscale converter ahead
  // of every `format` whose input differs). On the small bench GIF the rest phase's MP4/WebP
  // job went from 490 to 445 ms CPU (median of 8, ffmpeg 5.1).
  const root: Node = {
    filter: rgb ? 'format=gbrp' : '',
    size: source.size,
    children: [],
  };
  // Made on first use: an unused branch of a split is an error to ffmpeg.
  let extractNode: Node | null = null;
  const extract = (): Node =>
    (extractNode ??= source.extract ? child(root, subsetFilter(source, null), source.size) : root);
  const useBase = !sameSize(source.base, source.size);
  // Each derived stream (resize, subset) is made once per parent and shared by its users.
  const memo = new Map<Node, Map<string, Node>>();
  const derived = (parent: Node, key: string, filter: string, size: Size): Node => {
    let byKey = memo.get(parent);
    if (!byKey) memo.set(parent, (byKey = new Map<string, Node>()));
    let node = byKey.get(key);
    if (!node) {
      node = child(parent, filter, size);
      byKey.set(key, node);
    }
    return node;
  };
  const baseOf = (node: Node): Node =>
    useBase ? derived(node, 'base', scaleFilter(source.base, rgb), source.base) : node;
  // Branches of the same size (a rendition's MP4 and GIF) share one resize.
  const resized = (parent: Node, size: Size): Node =>
    sameSize(size, parent.size)
      ? parent
      : derived(parent, `${size.width}x${size.height}`, scaleFilter(size, rgb), size);

  const canvas = canvasGifs(source, branches);
  const tileSizes: Size[] = [];
  const tileOf = new Map<GraphBranch, number>();
  for (const gif of canvas) {
    let index = tileSizes.findIndex((size) => sameSize(size, gif.size));
    if (index < 0) index = tileSizes.push(gif.size) - 1;
    tileOf.set(gif, index);
  }
  tileSizes.forEach((size, index) => {
    const stream = extract();
    const parent = fitsInside(size, source.base) ? baseOf(stream) : stream;
    resized(parent, size).children.push({ kind: 'tile', index });
  });

  for (const branch of branches) {
    if (tileOf.has(branch)) continue;
    const stream = branch.frames.kind === 'all' ? root : extract();
    let parent = fitsInside(branch.size, source.base) ? baseOf(stream) : stream;
    const subset = subsetFilter(source, branch.frames);
    if (subset) parent = derived(parent, subset, subset, parent.size);
    parent = resized(parent, branch.size);
    if (branch.tail !== 'gif' && !branch.alpha) {
      // Opaque MP4/WebP/WebM frames all end as yuv420p: a rendition's MP4 and WebP share
      // one conversion (the rest phase's MP4/WebP job: 445 → 425 ms CPU on the small bench GIF).
      const yuv = derived(parent, 'yuv420p', yuvFilter, parent.size);
      yuv.children.push({ kind: 'ready', branch });
      continue;
    }
    parent.children.push({ kind: 'branch', branch });
  }
  // GIFs with the shared palette dithered on their own (not on the canvas).
  const apart = branches.filter(
    (b) => b.tail === 'gif' && paletteOf(b) === 'shared' && !tileOf.has(b),
  );
  const paletteUsers = apart.length + (canvas.length > 0 ? 1 : 0);
  if (paletteUsers > 0)
    baseOf(extract()).children.push({ kind: 'palette', size: source.paletteSample });

  const chains: string[] = [];
  let counter = 0;
  const fresh = (): string => `t${counter++}`;
  const paletteLabels = Array.from({ length: paletteUsers }, () => fresh());
  const paletteFor = new Map(apart.map((b, i) => [b, paletteLabels[i]!]));
  const tileLabels: string[] = [];
  const emit = (node: Node, input: string): void => {
    const labels = emitSplit(node, input, chains, fresh);
    node.children.forEach((item, i) => {
      const label = labels[i]!;
      if (!('kind' in item)) emit(item, label);
      else if (item.kind === 'ready') return;
      else if (item.kind === 'tile') tileLabels[item.index] = label;
      else if (item.kind === 'palette') {
        chains.push(
          paletteChain({
            input: label,
            from: node.size,
            size: item.size,
            outputs: paletteLabels,
            rgb,
          }),
        );
      } else {
        const palette = paletteFor.get(item.branch);
        chains.push(
          ...branchChains({
            branch: item.branch,
            input: label,
            from: node.size,
            palette,
            fresh,
            rgb,
          }),
        );
      }
    });
  };
  emit(root, '0:v');
  if (canvas.length > 0) {
    chains.push(
      ...stackedGifChains({
        tiles: tileLabels,
        sizes: tileSizes,
        palette: paletteLabels.at(-1)!,
        gifs: canvas.map((gif) => ({
          tile: tileOf.get(gif)!,
          label: gif.label,
          subset: gif.frames.kind === 'pick' ? subsetFilter(source, gif.frames) : '',
        })),
        use: sharedPaletteUse,
        fill: source.stackFill ?? false,
        fresh,
      }),
    );
  }
  return chains.join(';');
}

/**
 * A pick GIF at a size no full-length GIF of the job has joins the canvas only while all the
 * extract's frames at its size stay under this many pixels: on the canvas every frame of its
 * tile is resized and dithered to keep a few, which must cost less than the paletteuse it
 * saves. Measured with ffmpeg 5.1 on the 2-core dev VM (load ≈ 10): a paletteuse instance costs
 * ≈ 28 ms CPU before its first pixel (its 16 MB colour cache allocated, zeroed and freed), a
 * tile pixel ≈ 20 ns (callgrind: the small bench GIF's two pick-only tiles, 1.37 M pixels,
 * cost 80 M instructions). It also bounds what such a tile adds to the frames held while the
 * palette is made (≈ 6 MB).
 */
const pickTilePixels = 1_400_000;

/**
 * The GIFs dithered together on one canvas (see `stackedGifChains`): every GIF with the shared
 * palette made from the extract, but a pick at a size of its own whose frames would cost too
 * much. Fewer than two is no canvas.
 */
function canvasGifs(source: GraphSource, branches: readonly GraphBranch[]): GraphBranch[] {
  const shared = branches.filter(
    (b) => b.tail === 'gif' && paletteOf(b) === 'shared' && b.frames.kind !== 'all',
  );
  const full = shared.filter((b) => b.frames.kind === 'extract');
  const joins = shared.filter(
    (b) =>
      b.frames.kind === 'extract' ||
      full.some((f) => sameSize(f.size, b.size)) ||
      b.size.width * b.size.height * source.extractFrames <= pickTilePixels,
  );
  return joins.length >= 2 ? joins : [];
}

/** What `branchChains` ends an opaque MP4/WebP/WebM branch with. */
const yuvFilter = 'setsar=1,format=yuv420p';

function child(parent: Node, filter: string, size: Size): Node {
  const node: Node = { filter, size, children: [] };
  parent.children.push(node);
  return node;
}

/** Applies the node's filter and splits it once per child; returns each child's input label. */
function emitSplit(node: Node, input: string, chains: string[], fresh: () => string): string[] {
  const count = node.children.length;
  if (count === 0) return [];
  if (node.filter === '' && count === 1) return [input];
  // A ready branch takes its output label straight from the split.
  const labels = node.children.map((c) =>
    'kind' in c && c.kind === 'ready' ? c.branch.label : fresh(),
  );
  const filters = [node.filter, count > 1 ? `split=${count}` : ''].filter(Boolean).join(',');
  chains.push(`[${input}]${filters}${labels.map((l) => `[${l}]`).join('')}`);
  return labels;
}
