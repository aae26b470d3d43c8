import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hammingDistance, perceptualHash } from './phash.ts';
import { makeAnimatedGif, makeVideo } from './testing/index.ts';

/** Smooth pictures with detail everywhere, so every dHash bit is decided by the picture. */
const waves = (x: number, y: number): number =>
  128 + 110 * Math.sin(x * 0.045 + 2 * Math.sin(y * 0.03));
const ripples = (x: number, y: number): number =>
  128 + 110 * Math.cos(Math.hypot(x - 60, y - 200) * 0.06);

async function writePicture(
  file: string,
  shade: (x: number, y: number) => number,
  size: { width: number; height: number },
): Promise<string> {
  const pixels = Buffer.alloc(size.width * size.height * 3);
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      const i = (y * size.width + x) * 3;
      const v = Math.round(shade(x, y));
      pixels[i] = v;
      pixels[i + 1] = 255 - v;
      pixels[i + 2] = (v * 3) % 256;
    }
  }
  await sharp(pixels, { raw: { ...size, channels: 3 } })
    .png()
    .toFile(file);
  return file;
}

let dir: string;
const at = (name: string): string => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-phash-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('perceptualHash', () => {
  it('is 16 hex characters', async () => {
    const gif = await makeAnimatedGif({ path: at('a.gif'), width: 120, height: 80, frames: 3 });
    expect(await perceptualHash(gif)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('barely moves when the same picture is resized and re-encoded', async () => {
    const original = await writePicture(at('waves.png'), waves, { width: 320, height: 240 });
    const small = at('waves-small.webp');
    await sharp(original).resize(160, 120).webp({ quality: 40 }).toFile(small);
    const gif = at('waves.gif');
    await sharp(original).resize(480, 360).gif().toFile(gif);
    const hash = await perceptualHash(original);
    expect(hammingDistance(hash, await perceptualHash(small))).toBeLessThanOrEqual(6);
    expect(hammingDistance(hash, await perceptualHash(gif))).toBeLessThanOrEqual(6);
  });

  it('is far apart for different pictures', async () => {
    const a = await writePicture(at('a.png'), waves, { width: 320, height: 240 });
    const b = await writePicture(at('b.png'), ripples, { width: 320, height: 240 });
    expect(
      hammingDistance(await perceptualHash(a), await perceptualHash(b)),
    ).toBeGreaterThanOrEqual(20);
    const bars = await makeAnimatedGif({
      path: at('bars.gif'),
      width: 240,
      height: 160,
      frames: 1,
    });
    expect(
      hammingDistance(await perceptualHash(a), await perceptualHash(bars)),
    ).toBeGreaterThanOrEqual(20);
  });

  it('hashes the first frame of a video', async () => {
    const mp4 = await makeVideo({ path: at('v.mp4'), width: 96, height: 64, seconds: 0.5 });
    expect(await perceptualHash(mp4)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('hammingDistance', () => {
  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('00000000000000f0', '0000000000000001')).toBe(5);
  });

  it('refuses malformed hashes', () => {
    expect(() => hammingDistance('abc', '0000000000000000')).toThrow(RangeError);
  });
});
