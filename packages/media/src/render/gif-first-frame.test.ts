import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAnimatedGif } from '../testing/index.ts';
import { firstFrame, writeFirstFrameGif } from './gif-first-frame.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-first-frame-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFirstFrameGif', () => {
  for (const alpha of [false, true]) {
    it(`writes a still that shows the source's first frame (${alpha ? 'transparent' : 'opaque'})`, async () => {
      const source = await makeAnimatedGif({
        path: path.join(dir, `s-${alpha}.gif`),
        width: 120,
        height: 68,
        frames: 5,
        alpha,
      });
      const still = path.join(dir, `still-${alpha}.gif`);
      expect(await writeFirstFrameGif(source, still)).toBe(true);
      const meta = await sharp(still, { animated: true }).metadata();
      expect(meta.pages ?? 1).toBe(1);
      expect([meta.width, meta.height]).toEqual([120, 68]);
      const pixels = (file: string): Promise<Buffer> =>
        sharp(file, { page: 0 }).ensureAlpha().raw().toBuffer();
      expect((await pixels(still)).equals(await pixels(source))).toBe(true);
    });
  }

  it('asks for more bytes when the frame is cut short, and refuses what is not a GIF', async () => {
    const source = await makeAnimatedGif({
      path: path.join(dir, 'cut.gif'),
      width: 64,
      height: 36,
      frames: 2,
    });
    const bytes = await readFile(source);
    expect(firstFrame(bytes.subarray(0, 40))).toBe('short');
    expect(firstFrame(Buffer.from('not a gif at all, just text'))).toBe('invalid');
  });
});
