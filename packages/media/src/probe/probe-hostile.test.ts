import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLimits } from '../limits.ts';
import { makeAnimatedGif, writeHostileFiles, type HostileFile } from '../testing/index.ts';
import { defaultMediaLimits, MediaError } from '../types.ts';
import { probe } from './probe.ts';

let dir: string;
let hostile: Record<string, HostileFile>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-hostile-'));
  hostile = await writeHostileFiles(dir);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The error code probe + checkLimits end with, and how long that took. */
async function outcome(file: string): Promise<{ code: string; ms: number }> {
  const started = performance.now();
  try {
    checkLimits(await probe(file, defaultMediaLimits), defaultMediaLimits);
    return { code: 'accepted', ms: performance.now() - started };
  } catch (error) {
    const code = error instanceof MediaError ? error.code : `crash: ${String(error)}`;
    return { code, ms: performance.now() - started };
  }
}

describe('probe on hostile files', () => {
  it.each(['giantScreen', 'manyFrames', 'truncated', 'randomBytes', 'empty'])(
    '%s ends as its MediaError, quickly',
    async (name) => {
      const file = hostile[name]!;
      const result = await outcome(file.path);
      expect(result.code).toBe(file.expectedCode);
      expect(result.ms).toBeLessThan(1000);
    },
  );

  it('refuses a small screen holding a giant frame', async () => {
    const file = path.join(dir, 'giant-frame.gif');
    // 1x1 screen, then an image descriptor claiming 60000x60000.
    const header = [...Buffer.from('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
    const frame = [0x2c, 0, 0, 0, 0, 0x60, 0xea, 0x60, 0xea, 0, 2, 2, 0x44, 0x01, 0, 0x3b];
    await writeFile(file, Uint8Array.from([...header, ...frame]));
    expect((await outcome(file)).code).toBe('dimensions_too_large');
  });

  it('refuses a GIF whose frames pass a lower frame limit', async () => {
    const file = await makeAnimatedGif({
      path: path.join(dir, 'ten.gif'),
      width: 8,
      height: 8,
      frames: 10,
    });
    await expect(probe(file, { ...defaultMediaLimits, maxFrames: 5 })).rejects.toMatchObject({
      code: 'too_many_frames',
    });
  });

  it('refuses a GIF longer than the duration limit', async () => {
    const file = await makeAnimatedGif({
      path: path.join(dir, 'slow.gif'),
      width: 8,
      height: 8,
      frames: 3,
      delayMs: 1000,
    });
    await expect(probe(file, { ...defaultMediaLimits, maxDurationMs: 2000 })).rejects.toMatchObject(
      {
        code: 'duration_too_long',
      },
    );
  });

  it('calls a non-GIF with a GIF header corrupt, and a cut video corrupt', async () => {
    const fakeGif = path.join(dir, 'fake.gif');
    await writeFile(fakeGif, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(3)]));
    expect((await outcome(fakeGif)).code).toBe('corrupt_media');
    const fakeMp4 = path.join(dir, 'fake.mp4');
    await writeFile(
      fakeMp4,
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(100)]),
    );
    expect((await outcome(fakeMp4)).code).toBe('corrupt_media');
  });

  it('refuses a file over the byte limit before reading it', async () => {
    const file = await makeAnimatedGif({
      path: path.join(dir, 'b.gif'),
      width: 8,
      height: 8,
      frames: 2,
    });
    await expect(probe(file, { ...defaultMediaLimits, maxBytes: 10 })).rejects.toMatchObject({
      code: 'file_too_large',
    });
  });
});
