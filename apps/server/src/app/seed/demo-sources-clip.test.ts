import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultMediaLimits, probe, resolveFfmpeg, runProcess } from '@jiffy/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalog } from './demo-catalog.ts';
import { renderDemoItem, type DemoSource } from './demo-sources.ts';
import { SAMPLE_RATE, synthesiseSound } from './demo-sources-sound.ts';

const clips = demoCatalog().filter((i) => i.kind === 'clip');

/** Root mean square of 16-bit samples, 0–1. */
function rms(pcm: Buffer, from = 0, to = pcm.length / 2): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (pcm.readInt16LE(i * 2) / 32_768) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** Decodes a file's first audio stream to mono s16le at SAMPLE_RATE with the pipeline's ffmpeg. */
async function decodeAudio(file: string): Promise<Buffer> {
  const ff = await resolveFfmpeg();
  const result = await runProcess({
    file: ff.ffmpegPath,
    args: [
      '-v',
      'error',
      '-i',
      file,
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
    ].concat(['-f', 's16le', 'pipe:1']),
    timeoutMs: 30_000,
    maxStdoutBytes: 10 * 1024 * 1024,
  });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

describe('renderDemoItem for a clip', () => {
  // The shortest clip keeps the test quick; every clip goes through the same code.
  const clip = [...clips].sort((a, b) => a.visual.seconds - b.visual.seconds)[0]!;
  let dir: string;
  let source: DemoSource;
  let file: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-demo-clip-test-'));
    source = await renderDemoItem(clip);
    file = path.join(dir, source.filename);
    await fs.writeFile(file, source.bytes);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('is a small 480x270 MP4 of the asked length with a sound track', async () => {
    expect(source.filename).toBe(`${clip.key}.mp4`);
    expect(source.bytes.length).toBeLessThan(400 * 1024);
    const probed = await probe(file, defaultMediaLimits);
    expect(probed).toMatchObject({ format: 'mp4', kind: 'video', width: 480, height: 270 });
    expect(probed.hasAudio).toBe(true);
    expect(probed.durationMs).toBeGreaterThan(clip.visual.seconds * 1000 - 150);
    expect(probed.durationMs).toBeLessThan(clip.visual.seconds * 1000 + 150);
  });

  it('can be heard: its sound is neither silent nor clipped', async () => {
    const pcm = await decodeAudio(file);
    expect(pcm.length / 2 / SAMPLE_RATE).toBeCloseTo(clip.visual.seconds, 1);
    expect(rms(pcm)).toBeGreaterThan(0.05);
    let peak = 0;
    for (let i = 0; i < pcm.length / 2; i++)
      peak = Math.max(peak, Math.abs(pcm.readInt16LE(i * 2)));
    expect(peak).toBeLessThan(32_000);
  });

  it('gives identical bytes for the same item', async () => {
    expect((await renderDemoItem(clip)).bytes.equals(source.bytes)).toBe(true);
  });
});

describe('synthesiseSound', () => {
  const base = { seconds: 2, beatSeconds: 0.4, seed: 7 };

  it('writes mono 16-bit PCM of the asked length for every tune, deterministically', () => {
    for (const sound of ['arpeggio', 'chimes', 'beat', 'pad'] as const) {
      const pcm = synthesiseSound({ ...base, sound });
      expect(pcm.length, sound).toBe(2 * SAMPLE_RATE * 2);
      expect(rms(pcm), sound).toBeGreaterThan(0.05);
      expect(synthesiseSound({ ...base, sound }).equals(pcm), sound).toBe(true);
    }
  });

  it('plays its notes on the beat: loud just after each beat, quieter just before the next', () => {
    const pcm = synthesiseSound({ ...base, sound: 'arpeggio' });
    const window = Math.round(0.05 * SAMPLE_RATE);
    for (const beat of [1, 2, 3]) {
      const at = Math.round(beat * base.beatSeconds * SAMPLE_RATE);
      expect(rms(pcm, at, at + window), `beat ${beat}`).toBeGreaterThan(
        2 * rms(pcm, at - window, at),
      );
    }
  });

  it('starts and ends without a click', () => {
    const pcm = synthesiseSound({ ...base, sound: 'beat' });
    expect(pcm.readInt16LE(0)).toBe(0);
    expect(pcm.readInt16LE(pcm.length - 2)).toBe(0);
  });
});
