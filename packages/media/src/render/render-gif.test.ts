import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { probe } from '../probe/probe.ts';
import { makeAnimatedGif } from '../testing/index.ts';
import { defaultMediaLimits, type MediaProbe, type RenditionFile } from '../types.ts';
import { expectFilesTruthful, fileOf, keysOf } from './expect-renditions.ts';
import { renderRenditions } from './render-renditions.ts';

let dir: string;
let outDir: string;
let source: string;
let probed: MediaProbe;
let essential: RenditionFile[];
let rest: RenditionFile[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-render-gif-'));
  outDir = path.join(dir, 'out');
  source = await makeAnimatedGif({
    path: path.join(dir, 'cat.gif'),
    width: 160,
    height: 90,
    frames: 12,
  });
  probed = await probe(source, defaultMediaLimits);
  const common = { source, probe: probed, outDir, sticker: false, limits: defaultMediaLimits };
  essential = await renderRenditions({ ...common, phase: 'essential' });
  rest = await renderRenditions({ ...common, phase: 'rest' });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderRenditions for a small GIF', () => {
  it('makes the essential set', () => {
    expect(keysOf(essential)).toEqual(
      [
        'original.gif',
        'original.mp4',
        'original.webp',
        'original_mp4.mp4',
        'original_still.gif',
        'fixed_width.gif',
        'fixed_width.mp4',
        'fixed_width.webp',
        'fixed_width_still.gif',
      ].sort(),
    );
  });

  it('makes the rest of GIPHY’s set (no hd for a small source)', () => {
    const expected = [
      ...['fixed_height', 'fixed_height_small', 'fixed_width_small'].flatMap((n) => [
        `${n}.gif`,
        `${n}.mp4`,
        `${n}.webp`,
        `${n}_still.gif`,
      ]),
      ...['fixed_height_downsampled', 'fixed_width_downsampled'].flatMap((n) => [
        `${n}.gif`,
        `${n}.webp`,
      ]),
      'downsized.gif',
      'downsized_medium.gif',
      'downsized_large.gif',
      'downsized_still.gif',
      'downsized_small.mp4',
      'preview.mp4',
      'preview_gif.gif',
      'preview_webp.webp',
      'looping.mp4',
      '480w_still.jpg',
    ];
    expect(keysOf(rest)).toEqual(expected.sort());
  });

  it('describes every file truthfully', async () => {
    await expectFilesTruthful([...essential, ...rest], outDir);
  });

  it('writes original.webp alike whether sharp writes it beside ffmpeg or the ffmpeg job does', async () => {
    // With a core to spare sharp writes it, on a busy machine the essential ffmpeg job does.
    // Frames of their own lengths, which both must keep.
    const delaysMs = [60, 120, 80, 200, 40, 100, 150, 90];
    const uneven = await makeAnimatedGif({
      path: path.join(dir, 'uneven.gif'),
      width: 160,
      height: 90,
      frames: delaysMs.length,
      delaysMs,
    });
    const unevenProbe = await probe(uneven, defaultMediaLimits);
    const webpWhen = async (split: 'always' | 'never') => {
      vi.stubEnv('JIFFY_MEDIA_SPLIT', split);
      try {
        const files = await renderRenditions({
          source: uneven,
          probe: unevenProbe,
          outDir: path.join(dir, `essential-${split}`),
          sticker: false,
          limits: defaultMediaLimits,
          phase: 'essential',
        });
        await expectFilesTruthful(files, path.join(dir, `essential-${split}`));
        const webp = fileOf(files, 'original', 'webp');
        const { delay, pages } = await sharp(webp.path, { animated: true }).metadata();
        const firstFrame = await sharp(webp.path).removeAlpha().raw().toBuffer();
        return { size: [webp.width, webp.height, webp.frames], delay, pages, firstFrame };
      } finally {
        vi.unstubAllEnvs();
      }
    };
    const bySharp = await webpWhen('always');
    const byFfmpeg = await webpWhen('never');
    expect(bySharp.size).toEqual([160, 90, 8]);
    expect(byFfmpeg.size).toEqual(bySharp.size);
    expect(byFfmpeg.pages).toBe(8);
    expect(bySharp.delay).toEqual(delaysMs);
    expect(byFfmpeg.delay).toEqual(delaysMs);
    // Two lossy encoders of the same frame: close, pixel by pixel, on average.
    const { firstFrame: a } = bySharp;
    const { firstFrame: b } = byFfmpeg;
    expect(b.length).toBe(a.length);
    let difference = 0;
    for (let i = 0; i < a.length; i++) difference += Math.abs(a[i]! - b[i]!);
    expect(difference / a.length).toBeLessThan(4);
  });

  it('reuses the source bytes as the original GIF and shares original_mp4', () => {
    const original = fileOf(essential, 'original', 'gif');
    expect(original.bytes).toBe(original.bytes);
    expect([original.width, original.height, original.frames]).toEqual([160, 90, 12]);
    expect(fileOf(essential, 'original_mp4', 'mp4').path).toBe(
      fileOf(essential, 'original', 'mp4').path,
    );
  });

  it('sizes renditions the GIPHY way', () => {
    const all = [...essential, ...rest];
    for (const format of ['gif', 'mp4', 'webp'] as const) {
      expect(fileOf(all, 'fixed_width', format)).toMatchObject({
        width: 200,
        height: 112,
        frames: 12,
      });
      expect(fileOf(all, 'fixed_height', format)).toMatchObject({ width: 356, height: 200 });
      expect(fileOf(all, 'fixed_height_small', format)).toMatchObject({ width: 178, height: 100 });
      expect(fileOf(all, 'fixed_width_small', format)).toMatchObject({ width: 100, height: 56 });
    }
    expect(fileOf(all, 'original', 'webp')).toMatchObject({ width: 160, height: 90, frames: 12 });
    expect(fileOf(all, '480w_still', 'jpg')).toMatchObject({ width: 480, height: 270, frames: 1 });
    for (const still of [
      'original_still',
      'fixed_width_still',
      'fixed_height_still',
      'downsized_still',
    ] as const) {
      expect(fileOf(all, still, 'gif').frames).toBe(1);
    }
  });

  it('gives the downsampled renditions six frames', () => {
    for (const name of ['fixed_height_downsampled', 'fixed_width_downsampled'] as const) {
      expect(fileOf(rest, name, 'gif').frames).toBe(6);
      expect(fileOf(rest, name, 'webp').frames).toBe(6);
    }
  });

  it('keeps byte-capped renditions under their caps', () => {
    expect(fileOf(rest, 'downsized', 'gif').bytes).toBeLessThan(2 * 1024 * 1024);
    expect(fileOf(rest, 'downsized_medium', 'gif').bytes).toBeLessThan(5 * 1024 * 1024);
    expect(fileOf(rest, 'downsized_large', 'gif').bytes).toBeLessThan(8 * 1024 * 1024);
    expect(fileOf(rest, 'downsized_small', 'mp4').bytes).toBeLessThan(200 * 1024);
    expect(fileOf(rest, 'preview_gif', 'gif').bytes).toBeLessThanOrEqual(50 * 1024);
    expect(fileOf(rest, 'preview', 'mp4').bytes).toBeLessThanOrEqual(64 * 1024);
  });

  it('reuses the original GIF for downsized when it fits', () => {
    expect(fileOf(rest, 'downsized_large', 'gif').path).toBe(path.join(outDir, 'original.gif'));
    expect(fileOf(rest, 'downsized', 'gif').path).toBe(path.join(outDir, 'original.gif'));
  });

  it('loops the original MP4 to at least five seconds', () => {
    const looping = fileOf(rest, 'looping', 'mp4');
    // 12 frames of 100 ms: five repeats make 6 s.
    expect(looping.frames).toBe(60);
  });
});
