import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledFfprobePath, bundledPath, clearFfmpegCache, resolveFfmpeg } from './ffmpeg.ts';
import { probe } from './probe/probe.ts';
import { renderRenditions } from './render/render-renditions.ts';
import { makeAnimatedGif, makeVideo } from './testing/index.ts';
import { defaultMediaLimits } from './types.ts';

// Everything must also work with the 2018 static ffmpeg (-vsync instead of -fps_mode), which is
// what runs where no system ffmpeg is installed, with the ffprobe shipped beside it by npm, and
// without any ffprobe (a platform the ffprobe package has no build for). Vitest isolates test
// files, so the overrides stay in this file.
let dir: string;
let video: string;
let gif: string;
const saved = process.env['FFMPEG_PATH'];
const savedProbe = process.env['FFPROBE_PATH'];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-bundled-'));
  // Fixtures are made with the system ffmpeg (the old build has no libvpx quirks to rely on).
  video = await makeVideo({ path: path.join(dir, 'clip.mp4'), width: 96, height: 64, seconds: 1 });
  gif = await makeAnimatedGif({
    path: path.join(dir, 'a.gif'),
    width: 64,
    height: 48,
    frames: 6,
    alpha: true,
  });
  process.env['FFMPEG_PATH'] = bundledPath();
  clearFfmpegCache();
});

afterAll(async () => {
  if (saved === undefined) delete process.env['FFMPEG_PATH'];
  else process.env['FFMPEG_PATH'] = saved;
  if (savedProbe === undefined) delete process.env['FFPROBE_PATH'];
  else process.env['FFPROBE_PATH'] = savedProbe;
  clearFfmpegCache();
  await rm(dir, { recursive: true, force: true });
});

const clip = {
  format: 'mp4',
  kind: 'video',
  width: 96,
  height: 64,
  durationMs: 1000,
  fps: 15,
  frames: 15,
};

describe('with only the bundled ffmpeg', () => {
  it('resolves to it, with the ffprobe the npm package ships', async () => {
    const shipped = bundledFfprobePath();
    expect(shipped).toMatch(/@ffprobe-installer\/linux-x64\/ffprobe$/);
    expect(await resolveFfmpeg()).toMatchObject({ source: 'bundled', ffprobePath: shipped });
  });

  it('probes video with that ffprobe', async () => {
    expect(await probe(video, defaultMediaLimits)).toMatchObject(clip);
  });

  it('probes video from ffmpeg -i output when there is no ffprobe at all', async () => {
    process.env['FFPROBE_PATH'] = 'none';
    clearFfmpegCache();
    expect(await resolveFfmpeg()).toMatchObject({ source: 'bundled', ffprobePath: null });
    expect(await probe(video, defaultMediaLimits)).toMatchObject({
      format: 'mp4',
      kind: 'video',
      width: 96,
      height: 64,
      durationMs: 1000,
      fps: 15,
      frames: 15,
    });
  });

  it('renders the full set of a sticker GIF and of an MP4', async () => {
    for (const [source, sticker] of [
      [gif, true],
      [video, false],
    ] as const) {
      const probed = await probe(source, defaultMediaLimits);
      const outDir = path.join(dir, `${path.basename(source)}-out`);
      const common = { source, probe: probed, outDir, sticker, limits: defaultMediaLimits };
      const essential = await renderRenditions({ ...common, phase: 'essential' });
      const rest = await renderRenditions({ ...common, phase: 'rest' });
      expect(essential).toHaveLength(9);
      expect(rest).toHaveLength(26);
      expect(rest.find((f) => f.name === 'fixed_width_downsampled')?.frames).toBe(6);
    }
  });
});
