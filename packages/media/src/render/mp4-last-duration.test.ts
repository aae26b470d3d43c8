import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../ffmpeg.ts';
import { runProcess } from '../process.ts';
import { makeAnimatedGif } from '../testing/index.ts';
import { mp4DelaysOf } from './expect-mp4-delays.ts';
import { readMp4LastDurationMs, setMp4LastDuration } from './mp4-last-duration.ts';

// Even delays then a pause: x264 reorders frames (B-frames, so the frame shown last is not the
// last one decoded) and ffmpeg 5.1 guesses the last frame's duration to be the others', so the
// last stts run holds every sample and must be split (the moov grows by one entry).
const DELAYS = [...Array<number>(29).fill(40), 1000];

let dir: string;
let gif: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-mp4-last-'));
  gif = await makeAnimatedGif({
    path: path.join(dir, 'even.gif'),
    width: 160,
    height: 90,
    frames: DELAYS.length,
    delaysMs: DELAYS,
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Encodes the GIF as the pipeline does, the index first or last. */
async function encode(name: string, faststart: boolean): Promise<string> {
  const ff = await resolveFfmpeg();
  const out = path.join(dir, name);
  const vfr = ff.fpsModeFlag === '-fps_mode' ? ['-fps_mode', 'vfr'] : ['-vsync', 'vfr'];
  const args = ['-v', 'error', '-y', '-f', 'gif', '-i', gif, ...vfr, '-c:v', 'libx264'];
  args.push('-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-enc_time_base', '1:1000');
  if (faststart) args.push('-movflags', '+faststart');
  args.push('-f', 'mp4', out);
  const result = await runProcess({ file: ff.ffmpegPath, args, timeoutMs: 30_000 });
  expect(result.code, result.stderr).toBe(0);
  return out;
}

/** A hash of each decoded frame's pixels (not its time), in the order they are shown. */
async function pictures(file: string): Promise<string[]> {
  const ff = await resolveFfmpeg();
  const args = ['-v', 'error', '-i', file, '-map', '0:v', ff.fpsModeFlag, 'passthrough'];
  args.push('-f', 'framemd5', '-');
  const result = await runProcess({
    file: ff.ffmpegPath,
    args,
    timeoutMs: 30_000,
    maxStdoutBytes: 65_536,
  });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout
    .toString()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').at(-1)!.trim());
}

describe('setMp4LastDuration and readMp4LastDurationMs', () => {
  it.each([
    ['index first (faststart: the grown moov takes the free box)', true],
    ['index last (the file is written again)', false],
  ])('gives the last frame its delay, %s', async (_, faststart) => {
    const file = await encode(`even-${String(faststart)}.mp4`, faststart);
    const before = await pictures(file);
    const bytes = (await stat(file)).size;
    const guessed = (await mp4DelaysOf(file)).at(-1);
    expect(guessed).not.toBe(1000);
    // Read back from the sample tables as ffprobe plays it, before and after (the 2018 build
    // leaves the last frame no duration at all: null, nothing to hand on).
    expect(await readMp4LastDurationMs(file)).toBe(guessed || null);
    await setMp4LastDuration(file, 1000);
    expect(await mp4DelaysOf(file)).toEqual(DELAYS);
    expect(await readMp4LastDurationMs(file)).toBe(1000);
    // The same pictures, every one of the GIF's frames: the 2018 build's file, whose last
    // frame had no duration, played one frame short, and now shows it too.
    const after = await pictures(file);
    expect(after).toHaveLength(DELAYS.length);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(before.length).toBeGreaterThanOrEqual(DELAYS.length - 1);
    // A last frame that shared its stts run with the others (ffmpeg 5.1) splits it: one more
    // entry, which with faststart fits where the free box was. The 2018 build's last frame
    // already had an entry of its own (of no duration), which is only rewritten.
    const split = guessed === DELAYS.at(-2);
    expect((await stat(file)).size).toBe(faststart || !split ? bytes : bytes + 8);
  });
});
