import { mkdtemp, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../ffmpeg.ts';
import { probe } from '../probe/probe.ts';
import { runProcess } from '../process.ts';
import { makeAnimatedGif, makeVideo } from '../testing/index.ts';
import { defaultMediaLimits, MediaError, type RenditionFile } from '../types.ts';
import { expectFilesTruthful, fileOf } from './expect-renditions.ts';
import { renderRenditions } from './render-renditions.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-render-video-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function render(source: string, phases: Array<'essential' | 'rest'>, outName: string) {
  const probed = await probe(source, defaultMediaLimits);
  const outDir = path.join(dir, outName);
  const files: RenditionFile[] = [];
  for (const phase of phases) {
    files.push(
      ...(await renderRenditions({
        source,
        probe: probed,
        outDir,
        sticker: false,
        phase,
        limits: defaultMediaLimits,
      })),
    );
  }
  return { files, outDir };
}

describe('renderRenditions for video', () => {
  it('makes the full set from an MP4 bigger than original, with hd', async () => {
    const source = await makeVideo({
      path: path.join(dir, 'clip.mp4'),
      width: 560,
      height: 320,
      seconds: 1,
      fps: 30,
    });
    const { files, outDir } = await render(source, ['essential', 'rest'], 'mp4');
    await expectFilesTruthful(files, outDir);
    expect(files).toHaveLength(36); // 9 essential + 27 rest, hd included
    expect(fileOf(files, 'hd', 'mp4')).toMatchObject({ width: 560, height: 320, frames: 30 });
    expect(fileOf(files, 'original', 'mp4')).toMatchObject({ width: 480, height: 274, frames: 30 });
    // GIF and WebP come from the 15 fps extract.
    expect(fileOf(files, 'original', 'gif')).toMatchObject({ width: 480, height: 274, frames: 15 });
    expect(fileOf(files, 'original', 'webp').frames).toBe(15);
    expect(fileOf(files, 'fixed_width_downsampled', 'gif').frames).toBe(6);
    expect(fileOf(files, 'looping', 'mp4').frames).toBe(150);
  });

  it('renders WebM and MOV sources', async () => {
    for (const format of ['webm', 'mov'] as const) {
      const source = await makeVideo({
        path: path.join(dir, `clip.${format}`),
        format,
        width: 96,
        height: 64,
        seconds: 1,
      });
      const { files, outDir } = await render(source, ['essential'], format);
      await expectFilesTruthful(files, outDir);
      expect(fileOf(files, 'fixed_width', 'gif')).toMatchObject({
        width: 200,
        height: 132,
        frames: 15,
      });
    }
  });

  it('caps GIF renditions of long video at 15 seconds', async () => {
    const source = await makeVideo({
      path: path.join(dir, 'long.mp4'),
      width: 32,
      height: 24,
      seconds: 20,
      fps: 10,
    });
    const { files } = await render(source, ['essential'], 'long');
    expect(fileOf(files, 'original', 'mp4').frames).toBe(200);
    expect(fileOf(files, 'original', 'gif').frames).toBe(150);
  });

  it('ends a source that breaks after probing as a MediaError', async () => {
    const source = await makeVideo({
      path: path.join(dir, 'broken.mp4'),
      width: 96,
      height: 64,
      seconds: 1,
    });
    const probed = await probe(source, defaultMediaLimits);
    await truncate(source, 2000);
    const rendering = renderRenditions({
      source,
      probe: probed,
      outDir: path.join(dir, 'broken'),
      sticker: false,
      phase: 'essential',
      limits: defaultMediaLimits,
    });
    const error = await rendering.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MediaError);
    expect(['corrupt_media', 'processing_failed']).toContain((error as MediaError).code);
  });

  it('calls a source whose data stops early (index intact) corrupt', async () => {
    const made = await makeVideo({
      path: path.join(dir, 'cut0.mp4'),
      width: 96,
      height: 64,
      seconds: 2,
    });
    const source = path.join(dir, 'cut.mp4');
    const ff = await resolveFfmpeg();
    // +faststart puts the index first, so cutting the tail leaves a file ffprobe still reads.
    await runProcess({
      file: ff.ffmpegPath,
      args: ['-v', 'error', '-i', made, '-c', 'copy', '-movflags', '+faststart', source],
      timeoutMs: 10_000,
    });
    const probed = await probe(source, defaultMediaLimits);
    await truncate(source, Math.floor((await stat(source)).size * 0.3));
    await expect(
      renderRenditions({
        source,
        probe: probed,
        outDir: path.join(dir, 'cut'),
        sticker: false,
        phase: 'essential',
        limits: defaultMediaLimits,
      }),
    ).rejects.toMatchObject({ code: 'corrupt_media' });
  });

  it('kills work past the time limit as processing_timeout', async () => {
    const source = await makeAnimatedGif({
      path: path.join(dir, 'slow.gif'),
      width: 64,
      height: 48,
      frames: 4,
    });
    const probed = await probe(source, defaultMediaLimits);
    await expect(
      renderRenditions({
        source,
        probe: probed,
        outDir: path.join(dir, 'slow'),
        sticker: false,
        phase: 'essential',
        limits: { ...defaultMediaLimits, processTimeoutMs: 1 },
      }),
    ).rejects.toMatchObject({ code: 'processing_timeout' });
  });
});

describe('renderRenditions for a video with sound', () => {
  it('keeps the sound in a clip of at most 720p; the other renditions stay silent', async () => {
    const source = await makeVideo({
      path: path.join(dir, 'with-sound.mp4'),
      width: 1600,
      height: 900,
      seconds: 1,
      fps: 15,
      withSound: true,
    });
    const probed = await probe(source, defaultMediaLimits);
    expect(probed.hasAudio).toBe(true);
    const { files, outDir } = await render(source, ['essential', 'rest'], 'with-sound');
    await expectFilesTruthful(files, outDir);
    const clip = fileOf(files, 'clip', 'mp4');
    expect(clip).toMatchObject({ width: 1280, height: 720 });
    const streams = async (file: string) => {
      const ff = await resolveFfmpeg();
      const result = await runProcess({
        file: ff.ffmpegPath,
        args: ['-hide_banner', '-i', file],
        timeoutMs: 10_000,
      });
      return result.stderr.toString();
    };
    expect(await streams(clip.path)).toMatch(/Audio: aac/);
    expect(await streams(fileOf(files, 'original', 'mp4').path)).not.toMatch(/Audio:/);
  });

  it('makes no clip for a silent video', async () => {
    const source = await makeVideo({
      path: path.join(dir, 'silent.mp4'),
      width: 320,
      height: 240,
      seconds: 1,
    });
    expect((await probe(source, defaultMediaLimits)).hasAudio).toBe(false);
    const { files } = await render(source, ['essential', 'rest'], 'silent');
    expect(files.some((f) => f.name === 'clip')).toBe(false);
  });
});
