import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { resolveFfmpeg, runProcess } from '@jiffy/media';
import type { DemoClipVisual, DemoItem } from './demo-catalog-types.ts';
import { rasterise } from './demo-sources-encode.ts';
import { drawLoop, frameDelays } from './demo-sources-frames.ts';
import { hashString } from './demo-sources-random.ts';
import { SAMPLE_RATE, synthesiseSound } from './demo-sources-sound.ts';
import type { DemoSource } from './demo-sources.ts';

/** 16:9 at a size that stays cheap for the pipeline's renditions, with even sides for H.264. */
export const clipSize = { width: 480, height: 270 } as const;

/** Beats land this far apart, give or take, so each loop of the picture holds whole beats. */
const targetBeatSeconds = 0.4;

/**
 * Draws a clip: one loop of its GIF scene at 480x270, repeated for `seconds`, muxed with a
 * synthesised soundtrack whose beats divide the loop evenly (the music keeps time with the
 * picture) into MP4, H.264 + AAC, with the ffmpeg the media pipeline uses.
 */
export async function renderDemoClip(
  item: DemoItem & { kind: 'clip'; visual: DemoClipVisual },
): Promise<DemoSource> {
  const { width, height } = clipSize;
  const { seconds, speed, sound } = item.visual;
  const delayMs = frameDelays[speed];
  const { frames } = drawLoop({ item, width, height, transparent: false });
  const pixels = await Promise.all(frames.map((frame) => rasterise(frame, 3)));
  const loopSeconds = (pixels.length * delayMs) / 1000;
  const beatsPerLoop = Math.max(1, Math.round(loopSeconds / targetBeatSeconds));
  const pcm = synthesiseSound({
    sound,
    seconds,
    beatSeconds: loopSeconds / beatsPerLoop,
    seed: hashString(item.key),
  });
  const frameCount = Math.round((seconds * 1000) / delayMs);
  const bytes = await muxClip({ pixels, frameCount, delayMs, pcm, seconds });
  return { filename: `${item.key}.mp4`, bytes };
}

/** Pipes the frames (cycled) into ffmpeg beside the PCM and returns the MP4's bytes. */
async function muxClip(options: {
  pixels: Buffer[];
  frameCount: number;
  delayMs: number;
  pcm: Buffer;
  seconds: number;
}): Promise<Buffer> {
  const { pixels, frameCount, delayMs, pcm, seconds } = options;
  const ff = await resolveFfmpeg();
  // MP4 wants a seekable output (its index goes to the front), and stdin carries the frames,
  // so the sound and the result go through a private folder.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-demo-clip-'));
  try {
    const soundPath = path.join(dir, 'sound.pcm');
    const outPath = path.join(dir, 'clip.mp4');
    await fs.writeFile(soundPath, pcm);
    const frameStream = Readable.from(
      (function* () {
        for (let i = 0; i < frameCount; i++) yield pixels[i % pixels.length]!;
      })(),
    );
    const { width, height } = clipSize;
    const result = await runProcess({
      file: ff.ffmpegPath,
      timeoutMs: 60_000,
      stdin: frameStream,
      args: [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`],
        ...['-framerate', `1000/${delayMs}`, '-i', 'pipe:0'],
        ...['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', soundPath],
        ...['-map', '0:v:0', '-map', '1:a:0', '-t', seconds.toFixed(3)],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '96k'],
        // No encoder versions or dates in the file, so the same item gives the same bytes.
        ...['-map_metadata', '-1', '-fflags', '+bitexact', '-flags', '+bitexact'],
        ...['-movflags', '+faststart', '-f', 'mp4', outPath],
      ],
    });
    if (result.code !== 0) throw new Error(`ffmpeg could not write a demo clip: ${result.stderr}`);
    return await fs.readFile(outPath);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
