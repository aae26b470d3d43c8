import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_FRAMES, renderAvatar } from './avatar.ts';
import { probe } from './probe/probe.ts';
import { makeAnimatedGif, makeMp4, makePng } from './testing/index.ts';
import { defaultMediaLimits } from './types.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-avatar-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function render(source: string, name: string) {
  const probed = await probe(source, defaultMediaLimits);
  return renderAvatar({
    source,
    probe: probed,
    outDir: path.join(dir, name),
    limits: defaultMediaLimits,
  });
}

describe('renderAvatar', () => {
  it('makes the 80h, 200h and 200w variants of an animated GIF, still animated', async () => {
    const source = await makeAnimatedGif({
      path: path.join(dir, 'wide.gif'),
      width: 900,
      height: 600,
      frames: 4,
    });
    const files = await render(source, 'wide');
    const sizes = Object.fromEntries(files.map((f) => [f.variant, [f.width, f.height]]));
    expect(sizes).toEqual({
      original: [512, 341],
      '80h': [120, 80],
      '200h': [300, 200],
      '200w': [200, 133],
    });
    for (const file of files) {
      const meta = await sharp(file.path, { animated: true }).metadata();
      expect(meta.format).toBe('gif');
      expect(meta.pages).toBe(4);
      expect((await stat(file.path)).size).toBe(file.bytes);
    }
  });

  it('never enlarges the original and keeps a still image still', async () => {
    const source = await makePng({ path: path.join(dir, 'small.png'), width: 64, height: 64 });
    const files = await render(source, 'small');
    const original = files.find((f) => f.variant === 'original')!;
    expect([original.width, original.height]).toEqual([64, 64]);
    const meta = await sharp(files.find((f) => f.variant === '200h')!.path).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([200, 200, 1]);
  });

  it(`keeps at most ${AVATAR_MAX_FRAMES} frames of a long animation`, async () => {
    const source = await makeAnimatedGif({
      path: path.join(dir, 'long.gif'),
      // Wide enough that every frame differs (the GIF encoder merges identical frames), and not
      // a thin strip: the 200h variant scales it to 200 px tall, and a 300x16 strip became a
      // 3,750 px wide animation that took 25 s to encode.
      width: 160,
      height: 120,
      frames: AVATAR_MAX_FRAMES + 10,
    });
    const files = await render(source, 'long');
    const meta = await sharp(files[0]!.path, { animated: true }).metadata();
    expect(meta.pages).toBe(AVATAR_MAX_FRAMES);
  });

  it('refuses a video with a stable code', async () => {
    const source = await makeMp4({
      path: path.join(dir, 'clip.mp4'),
      width: 64,
      height: 64,
      seconds: 1,
    });
    await expect(render(source, 'clip')).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });
});
