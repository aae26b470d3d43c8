import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../probe/probe.ts';
import { makeAnimatedWebp, makeApng, makePng } from '../testing/index.ts';
import { defaultMediaLimits, type RenditionFile } from '../types.ts';
import { expectFilesTruthful, fileOf } from './expect-renditions.ts';
import { renderRenditions } from './render-renditions.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-render-images-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function renderAll(source: string, outName: string): Promise<RenditionFile[]> {
  const probed = await probe(source, defaultMediaLimits);
  const outDir = path.join(dir, outName);
  const common = { source, probe: probed, outDir, sticker: false, limits: defaultMediaLimits };
  const files = [
    ...(await renderRenditions({ ...common, phase: 'essential' })),
    ...(await renderRenditions({ ...common, phase: 'rest' })),
  ];
  await expectFilesTruthful(files, outDir);
  return files;
}

describe('renderRenditions for other image sources', () => {
  it('animated WebP (ffmpeg is fed raw frames by sharp)', async () => {
    const source = await makeAnimatedWebp({
      path: path.join(dir, 'a.webp'),
      width: 90,
      height: 60,
      frames: 7,
    });
    const files = await renderAll(source, 'webp');
    expect(fileOf(files, 'original', 'mp4')).toMatchObject({ width: 90, height: 60, frames: 7 });
    expect(fileOf(files, 'fixed_width', 'gif')).toMatchObject({
      width: 200,
      height: 132,
      frames: 7,
    });
    expect(fileOf(files, 'fixed_width_downsampled', 'gif').frames).toBe(6);
  });

  it('APNG (sharp works from an intermediate ffmpeg writes)', async () => {
    const source = await makeApng({
      path: path.join(dir, 'a.apng'),
      width: 90,
      height: 60,
      frames: 7,
    });
    const files = await renderAll(source, 'apng');
    expect(fileOf(files, 'original', 'webp')).toMatchObject({ width: 90, height: 60, frames: 7 });
    expect(fileOf(files, 'original', 'gif').frames).toBe(7);
  });

  it('still PNG: one-frame renditions throughout', async () => {
    const source = await makePng({ path: path.join(dir, 'a.png'), width: 90, height: 60 });
    const files = await renderAll(source, 'png');
    for (const file of files) expect(file.frames, `${file.name}.${file.format}`).toBe(1);
    expect(fileOf(files, '480w_still', 'jpg')).toMatchObject({ width: 480, height: 320 });
  });
});
