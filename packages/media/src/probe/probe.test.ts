import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAnimatedGif,
  makeAnimatedWebp,
  makeApng,
  makePng,
  makeVideo,
} from '../testing/index.ts';
import { defaultMediaLimits, type MediaProbe } from '../types.ts';
import { probe } from './probe.ts';

let dir: string;
const files: Record<string, string> = {};
const size = { width: 64, height: 48 };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-probe-'));
  const at = (name: string): string => path.join(dir, name);
  const made = await Promise.all([
    makeAnimatedGif({ path: at('a.gif'), ...size, frames: 5, delayMs: 80 }),
    makeAnimatedGif({ path: at('alpha.gif'), ...size, frames: 4, alpha: true }),
    makeAnimatedWebp({ path: at('a.webp'), ...size, frames: 5 }),
    makeAnimatedWebp({ path: at('still.webp'), ...size, frames: 1 }),
    makePng({ path: at('a.png'), ...size }),
    makePng({ path: at('alpha.png'), ...size, alpha: true }),
    makeApng({ path: at('a.apng'), ...size, frames: 5 }),
    makeVideo({ path: at('a.mp4'), width: 96, height: 64, seconds: 1, fps: 15 }),
    makeVideo({ path: at('a.webm'), format: 'webm', width: 96, height: 64, seconds: 1, fps: 15 }),
    makeVideo({ path: at('a.mov'), format: 'mov', width: 96, height: 64, seconds: 1, fps: 15 }),
  ]);
  for (const file of made) files[path.basename(file)] = file;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (name: string): Promise<MediaProbe> => probe(files[name]!, defaultMediaLimits);

describe('probe on images', () => {
  it('reads an animated GIF: size, frames, duration, rate', async () => {
    expect(await run('a.gif')).toEqual({
      format: 'gif',
      kind: 'image',
      width: 64,
      height: 48,
      frames: 5,
      durationMs: 400,
      fps: 12.5,
      hasAlpha: false,
      animated: true,
      hasAudio: false,
      lastDelayMs: 80,
    });
  });

  it('sees real transparency in a GIF', async () => {
    expect(await run('alpha.gif')).toMatchObject({ hasAlpha: true, frames: 4 });
  });

  it('reads animated and still WebP', async () => {
    expect(await run('a.webp')).toMatchObject({
      format: 'webp',
      frames: 5,
      durationMs: 500,
      animated: true,
      hasAlpha: false,
    });
    expect(await run('still.webp')).toMatchObject({
      format: 'webp',
      width: 64,
      height: 48,
      frames: 1,
      durationMs: 0,
      animated: false,
    });
  });

  it('reads PNG and tells APNG apart', async () => {
    expect(await run('a.png')).toMatchObject({ format: 'png', frames: 1, animated: false });
    expect(await run('alpha.png')).toMatchObject({ format: 'png', hasAlpha: true });
    expect(await run('a.apng')).toMatchObject({
      format: 'apng',
      width: 64,
      height: 48,
      frames: 5,
      durationMs: 500,
      animated: true,
    });
  });
});

describe('probe on video', () => {
  it.each(['a.mp4', 'a.webm', 'a.mov'])('reads %s with ffprobe', async (name) => {
    const probed = await run(name);
    expect(probed).toMatchObject({
      format: name.split('.')[1],
      kind: 'video',
      width: 96,
      height: 64,
      hasAlpha: false,
      animated: true,
    });
    expect(probed.durationMs).toBeCloseTo(1000, -2);
    expect(probed.fps).toBeCloseTo(15, 0);
    expect(probed.frames).toBeGreaterThanOrEqual(14);
    expect(probed.frames).toBeLessThanOrEqual(16);
  });
});
