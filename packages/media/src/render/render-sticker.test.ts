import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../probe/probe.ts';
import { makeAnimatedGif } from '../testing/index.ts';
import { defaultMediaLimits, type RenditionFile } from '../types.ts';
import { expectFilesTruthful, fileOf } from './expect-renditions.ts';
import { renderRenditions } from './render-renditions.ts';

let dir: string;
let outDir: string;
let files: RenditionFile[];

/** Alpha of the top-left pixel of the first frame (transparent in the sticker fixture). */
async function cornerAlpha(file: string): Promise<number> {
  const pixels = await sharp(file).ensureAlpha().raw().toBuffer();
  return pixels[3]!;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-render-sticker-'));
  outDir = path.join(dir, 'out');
  const source = await makeAnimatedGif({
    path: path.join(dir, 'sticker.gif'),
    width: 120,
    height: 90,
    frames: 8,
    alpha: true,
  });
  const probed = await probe(source, defaultMediaLimits);
  expect(probed.hasAlpha).toBe(true);
  const common = { source, probe: probed, outDir, sticker: true, limits: defaultMediaLimits };
  files = [
    ...(await renderRenditions({ ...common, phase: 'essential' })),
    ...(await renderRenditions({ ...common, phase: 'rest' })),
  ];
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderRenditions for a sticker', () => {
  it('keeps the transparent pixel transparent in every GIF and WebP', async () => {
    const images = files.filter((f) => f.format === 'gif' || f.format === 'webp');
    expect(images.length).toBeGreaterThan(15);
    for (const file of images) {
      expect(await cornerAlpha(file.path), `${file.name}.${file.format}`).toBe(0);
    }
    expect(await cornerAlpha(fileOf(files, 'fixed_width', 'gif').path)).toBe(0);
    expect(await cornerAlpha(fileOf(files, 'fixed_width', 'webp').path)).toBe(0);
  });

  it('writes 480w_still as PNG with alpha', async () => {
    const still = fileOf(files, '480w_still', 'png');
    expect(await cornerAlpha(still.path)).toBe(0);
  });

  it('flattens MP4s onto white', async () => {
    const mp4 = fileOf(files, 'fixed_width', 'mp4');
    const { ffmpegPath } = await import('../ffmpeg.ts').then((m) => m.resolveFfmpeg());
    const { runProcess } = await import('../process.ts');
    const result = await runProcess({
      file: ffmpegPath,
      args: [
        '-v',
        'error',
        '-i',
        mp4.path,
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        'pipe:1',
      ],
      timeoutMs: 10_000,
      maxStdoutBytes: 1024 * 1024,
    });
    const [r, g, b] = result.stdout;
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(230);
  });

  it('describes every file truthfully', async () => {
    await expectFilesTruthful(files, outDir);
  });
});
