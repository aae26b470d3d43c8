import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../ffmpeg.ts';
import { makeAnimatedGif, makeVideo } from '../testing/index.ts';
import { defaultMediaLimits, type MediaProbe } from '../types.ts';
import type { RenderContext } from './context.ts';
import { buildFilterGraph, type GraphBranch, type GraphSource } from './ffmpeg-graph.ts';
import { fileInput } from './ffmpeg-input.ts';
import { runFfmpegJob, type JobOutput } from './ffmpeg-job.ts';
import { layoutCanvas } from './gif-canvas.ts';
import { outputSet } from './job-outputs.ts';
import { planSizes } from './plan.ts';

const image: GraphSource = {
  size: { width: 480, height: 270 },
  base: { width: 480, height: 270 },
  extract: null,
  extractSeconds: 3,
  extractFrames: 45,
  exactFrames: true,
  paletteSample: { width: 160, height: 90 },
};
const small = { width: 200, height: 112 };
const branch = (
  label: string,
  tail: GraphBranch['tail'],
  extra: Partial<GraphBranch> = {},
): GraphBranch => ({
  label,
  tail,
  size: small,
  frames: { kind: tail === 'mp4' ? 'all' : 'extract' },
  alpha: false,
  ...extra,
});

describe('buildFilterGraph', () => {
  it('resizes once for a rendition’s MP4 and GIF, and shares one palette', () => {
    const graph = buildFilterGraph(image, [
      branch('o0', 'mp4'),
      branch('o1', 'gif'),
      branch('o2', 'gif', { size: { width: 100, height: 56 } }),
    ]);
    expect(graph.match(/scale=200:112/g)).toHaveLength(1);
    expect(graph.match(/palettegen/g)).toHaveLength(1);
    expect(graph).toContain('[o0]');
    expect(graph).toContain('[o1]');
    expect(graph).toContain('[o2]');
  });

  it('converts once to yuv420p for a rendition’s opaque MP4 and WebP', () => {
    const graph = buildFilterGraph(image, [branch('o0', 'mp4'), branch('o1', 'webp')]);
    expect(graph.match(/format=yuv420p/g)).toHaveLength(1);
    expect(graph).toContain('format=yuv420p,split=2[o0][o1]');
    // Transparent WebP keeps its own alpha-preserving conversion.
    const sticker = buildFilterGraph(image, [
      branch('o0', 'mp4', { alpha: true }),
      branch('o1', 'webp', { alpha: true }),
    ]);
    expect(sticker).toContain('format=yuva420p[o1]');
  });

  it('caps only the GIF branches of a video at the extract', () => {
    const video: GraphSource = {
      ...image,
      extract: { seconds: 15, fps: 15 },
      exactFrames: false,
      extractFrames: 225,
    };
    const graph = buildFilterGraph(video, [branch('o0', 'mp4'), branch('o1', 'gif')]);
    expect(graph).toMatch(/^\[0:v\]split=2/);
    expect(graph).toContain('trim=duration=15.000,setpts=PTS-STARTPTS,fps=fps=15');
    expect(buildFilterGraph(video, [branch('o0', 'mp4')])).not.toContain('trim');
  });

  it('spreads picks by index and retimes them', () => {
    const graph = buildFilterGraph(image, [
      branch('o0', 'gif', { frames: { kind: 'pick', count: 6 } }),
    ]);
    expect(graph).toContain("select='eq(n,0)+eq(n,7)+eq(n,15)+eq(n,22)+eq(n,30)+eq(n,37)'");
    expect(graph).toContain('settb=1/1000,setpts=N*500');
  });

  it('resizes opaque RGB frames with zscale in planar RGB when asked', () => {
    const graph = buildFilterGraph({ ...image, rgbResize: true }, [
      branch('o0', 'mp4'),
      branch('o1', 'gif'),
    ]);
    expect(graph).not.toMatch(/[\],;]scale=/);
    // Converted to planar RGB once, before the split, not once per branch.
    expect(graph).toMatch(/^\[0:v\]format=gbrp,split=/);
    expect(graph).toContain('format=gbrp,zscale=200:112:filter=bicubic:param_a=0:param_b=0.6');
    // The palette sample is resized the same way.
    expect(graph).toContain('zscale=160:90:filter=bicubic:param_a=0:param_b=0.6,format=gbrp');
  });

  it('dithers every GIF with the shared palette on one canvas, picks cut after', () => {
    const graph = buildFilterGraph(image, [
      branch('o0', 'mp4'),
      branch('o1', 'gif'),
      branch('o2', 'gif', { size: { width: 100, height: 56 } }),
      branch('o3', 'gif', { frames: { kind: 'pick', count: 6 } }),
      branch('o4', 'gif', { size: { width: 120, height: 68 }, frames: { kind: 'pick', count: 8 } }),
    ]);
    expect(graph.match(/palettegen/g)).toHaveLength(1);
    expect(graph.match(/paletteuse/g)).toHaveLength(1);
    // Three sizes, three tiles: o3 is cut from o1's tile.
    expect(graph).toContain('xstack=inputs=3:');
    expect(graph.match(/scale=200:112/g)).toHaveLength(1);
    expect(graph).toMatch(/crop=200:112:\d+:\d+\[o1\]/);
    expect(graph).toMatch(/crop=200:112:\d+:\d+,select='[^']+',settb=1\/1000,setpts=N\*500\[o3\]/);
    expect(graph).toMatch(/crop=120:68:\d+:\d+,select=/);
  });

  it('keeps a pick apart when its size’s every frame would cost more than its own paletteuse', () => {
    const long: GraphSource = { ...image, extractFrames: 3000, extractSeconds: 200 };
    const graph = buildFilterGraph(long, [
      branch('o0', 'gif', { size: { width: 100, height: 56 } }),
      branch('o1', 'gif', { frames: { kind: 'pick', count: 6 } }),
    ]);
    expect(graph).not.toContain('xstack');
    expect(graph.match(/paletteuse/g)).toHaveLength(2);
    // The pick is taken before resizing and dithering, as before.
    expect(graph).toMatch(
      /select='[^']+',settb=1\/1000,setpts=N\*\d+,format=gbrp|select='[^']+',settb=1\/1000,setpts=N\*\d+\[/,
    );
  });

  it('uses per-frame palettes for streaming GIFs', () => {
    const graph = buildFilterGraph(image, [branch('o0', 'gif', { palette: 'streaming' })]);
    expect(graph).toContain('palettegen=stats_mode=single');
    expect(graph).toContain('new=1');
  });
});

describe('layoutCanvas', () => {
  it('places tiles at multiples of 8, inside the canvas, without overlap', () => {
    const tiles = [
      { width: 356, height: 200 },
      { width: 178, height: 100 },
      { width: 100, height: 56 },
      { width: 200, height: 112 },
      { width: 120, height: 68 },
    ];
    const layout = layoutCanvas(tiles);
    const boxes = tiles.map((t, i) => ({ ...layout.at[i]!, ...t }));
    for (const box of boxes) {
      expect(box.x % 8).toBe(0);
      expect(box.y % 8).toBe(0);
      expect(box.x + box.width).toBeLessThanOrEqual(layout.width);
      expect(box.y + box.height).toBeLessThanOrEqual(layout.height);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x ||
          b.x + b.width <= a.x ||
          a.y + a.height <= b.y ||
          b.y + b.height <= a.y;
        expect(apart).toBe(true);
      }
    }
    // Little padding: the canvas is within a fifth of the tiles' area.
    const area = tiles.reduce((sum, t) => sum + t.width * t.height, 0);
    expect(layout.width * layout.height).toBeLessThan(area * 1.2);
  });
});

describe('outputSet', () => {
  const ctxFor = async (probe: MediaProbe): Promise<RenderContext> => ({
    ff: await resolveFfmpeg(),
    source: '/dev/null',
    probe,
    outDir: '/tmp/out',
    workDir: '/tmp/out/.work',
    alpha: false,
    limits: defaultMediaLimits,
    sizes: planSizes(probe),
  });
  const probe: MediaProbe = {
    format: 'gif',
    kind: 'image',
    width: 480,
    height: 480,
    frames: 45,
    durationMs: 3000,
    fps: 15,
    hasAlpha: false,
    animated: true,
    hasAudio: false,
  };

  it('keeps one shared palette for short animations', async () => {
    const set = outputSet(await ctxFor(probe));
    set.add('original', 'gif', { size: { width: 480, height: 480 } });
    expect(set.jobOutputs[0]?.palette).toBeUndefined();
  });

  it('switches the biggest GIFs to streaming palettes when buffering would be too big', async () => {
    const set = outputSet(await ctxFor({ ...probe, frames: 3000, durationMs: 60_000 }));
    set.add('original', 'gif', { size: { width: 480, height: 480 } });
    set.add('fixed_width_small', 'gif', { size: { width: 100, height: 100 } });
    const [big, tiny] = set.jobOutputs;
    expect(big?.palette).toBe('streaming');
    expect(tiny?.palette).toBeUndefined();
    expect(set.produced.map((p) => path.basename(p.path))).toEqual([
      'original.gif',
      'fixed_width_small.gif',
    ]);
  });
});

describe('runFfmpegJob', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jiffy-graph-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs a video graph with full-rate MP4, streaming GIF and picks', async () => {
    const clip = await makeVideo({
      path: path.join(dir, 'c.mp4'),
      width: 64,
      height: 48,
      seconds: 2,
      fps: 20,
    });
    const source: GraphSource = {
      size: { width: 64, height: 48 },
      base: { width: 64, height: 48 },
      extract: { seconds: 1, fps: 10 },
      extractSeconds: 1,
      extractFrames: 10,
      exactFrames: false,
      paletteSample: { width: 64, height: 48 },
    };
    const at = (name: string): string => path.join(dir, name);
    await runFfmpegJob({
      ff: await resolveFfmpeg(),
      input: fileInput({ path: clip, format: 'mp4', maxPixels: 1_000_000 }),
      source,
      outputs: [
        { ...branch('o0', 'mp4'), size: { width: 64, height: 48 }, path: at('a.mp4') },
        {
          ...branch('o1', 'gif', { palette: 'streaming' }),
          size: { width: 32, height: 24 },
          path: at('b.gif'),
        },
        { ...branch('o2', 'webp', { frames: { kind: 'pick', count: 4 } }), path: at('c.webp') },
      ],
      limits: defaultMediaLimits,
    });
    expect((await sharp(at('b.gif'), { animated: true }).metadata()).pages).toBe(10);
    expect((await sharp(at('c.webp'), { animated: true }).metadata()).pages).toBe(4);
  });

  it('writes the same GIFs from the canvas as from one paletteuse each', async () => {
    const ff = await resolveFfmpeg();
    for (const alpha of [false, true]) {
      const gif = await makeAnimatedGif({
        path: path.join(dir, `s${alpha}.gif`),
        width: 160,
        height: 90,
        frames: 9,
        alpha,
      });
      const source: GraphSource = {
        ...image,
        size: { width: 160, height: 90 },
        base: { width: 160, height: 90 },
        extractFrames: 9,
        extractSeconds: 0.9,
        paletteSample: { width: 160, height: 90 },
        rgbResize: !alpha && ff.zscale,
      };
      const gifs = (prefix: string): JobOutput[] => [
        { ...branch('o0', 'gif', { alpha }), path: path.join(dir, `${prefix}a.gif`) },
        {
          ...branch('o1', 'gif', { alpha, size: { width: 100, height: 56 } }),
          path: path.join(dir, `${prefix}b.gif`),
        },
        {
          ...branch('o2', 'gif', { alpha, frames: { kind: 'pick', count: 4 } }),
          path: path.join(dir, `${prefix}c.gif`),
        },
      ];
      const job = { ff, input: fileInput({ path: gif, format: 'gif', maxPixels: 1e6 }), source };
      const limits = defaultMediaLimits;
      expect(buildFilterGraph(source, gifs('x'))).toContain('xstack');
      await runFfmpegJob({ ...job, outputs: gifs(`${alpha}-together-`), limits });
      for (const output of gifs(`${alpha}-alone-`))
        await runFfmpegJob({ ...job, outputs: [output], limits });
      for (const name of ['a', 'b', 'c']) {
        const together = await readFile(path.join(dir, `${alpha}-together-${name}.gif`));
        const alone = await readFile(path.join(dir, `${alpha}-alone-${name}.gif`));
        expect(together.equals(alone)).toBe(true);
      }
      const picked = sharp(path.join(dir, `${alpha}-together-c.gif`), { animated: true });
      expect((await picked.metadata()).pages).toBe(4);
    }
  });
});
