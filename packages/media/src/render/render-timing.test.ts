import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../probe/probe.ts';
import { makeAnimatedGif } from '../testing/index.ts';
import { defaultMediaLimits, type RenditionFile } from '../types.ts';
import { renderDerived, nanoSize } from './derived.ts';
import { mp4DelaysOf } from './expect-mp4-delays.ts';
import { fileOf } from './expect-renditions.ts';
import { renderRenditions } from './render-renditions.ts';

// A GIF's frames keep their own delays in its renditions, the last one's too: a pause on the
// last frame is part of many GIFs, and ffmpeg's defaults rounded every delay to the stream's
// guessed rate and gave the last frame the average one (a 1 s pause became 250 ms).
const DELAYS = [100, 500, 40, 2000, 70, 30, 250, 1000];
/** Renditions made by ffmpeg from every frame, as GIF and WebP. */
const RENDITIONS = [
  'fixed_width',
  'fixed_height',
  'fixed_width_small',
  'fixed_height_small',
] as const;

/** MP4s made by ffmpeg from every frame (`original` in the essential phase, the others after). */
const MP4S = ['original', ...RENDITIONS] as const;

let dir: string;
let files: RenditionFile[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jiffy-render-timing-'));
  const source = await makeAnimatedGif({
    path: path.join(dir, 'pauses.gif'),
    width: 160,
    height: 90,
    frames: DELAYS.length,
    delaysMs: DELAYS,
  });
  const probed = await probe(source, defaultMediaLimits);
  expect(probed.lastDelayMs).toBe(1000);
  const common = {
    source,
    probe: probed,
    outDir: path.join(dir, 'out'),
    sticker: false,
    limits: defaultMediaLimits,
  };
  files = [
    ...(await renderRenditions({ ...common, phase: 'essential' })),
    ...(await renderRenditions({ ...common, phase: 'rest' })),
  ];
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const delaysOf = async (file: RenditionFile) => (await sharp(file.path).metadata()).delay;

describe('frame timing of a GIF with pauses', () => {
  it.each(['gif', 'webp'] as const)(
    "keeps every frame's delay, the last one's included, in every %s made from all its frames",
    async (format) => {
      for (const name of RENDITIONS)
        expect(await delaysOf(fileOf(files, name, format)), name).toEqual(DELAYS);
    },
  );

  it("keeps every frame's delay, the last one's included, in every mp4 made from all its frames", async () => {
    for (const name of MP4S)
      expect(await mp4DelaysOf(fileOf(files, name, 'mp4').path), name).toEqual(DELAYS);
    // `looping` plays the original until at least 5 s have passed, pauses included.
    const looping = await mp4DelaysOf(fileOf(files, 'looping', 'mp4').path);
    const plays = Math.ceil(looping.length / DELAYS.length);
    expect(plays).toBeGreaterThan(1);
    expect(looping).toEqual(Array.from({ length: plays }, () => DELAYS).flat());
  });
});

describe('frame timing of the renditions made on request from the stored ones', () => {
  const derive = async (from: RenditionFile, format: 'gif' | 'webp' | 'mp4' | 'webm') => {
    const out = path.join(dir, `derived-from-${from.format}.${format}`);
    await renderDerived({
      source: {
        path: from.path,
        format: from.format as 'gif' | 'mp4',
        size: from,
        frames: from.frames,
      },
      output: { path: out, format, size: nanoSize(from) },
      alpha: true,
      limits: defaultMediaLimits,
    });
    return out;
  };

  it("keeps every frame's delay, the last one's included, in the nano GIF, WebP and MP4", async () => {
    const gif = fileOf(files, 'original', 'gif');
    const mp4 = fileOf(files, 'original', 'mp4');
    expect((await sharp(await derive(gif, 'gif'), { animated: true }).metadata()).delay).toEqual(
      DELAYS,
    );
    expect((await sharp(await derive(gif, 'webp'), { animated: true }).metadata()).delay).toEqual(
      DELAYS,
    );
    expect(await mp4DelaysOf(await derive(mp4, 'mp4'))).toEqual(DELAYS);
  });

  it('keeps the delays of every frame but the last in a WebM (its muxer ends the last one)', async () => {
    const webm = await mp4DelaysOf(await derive(fileOf(files, 'original', 'mp4'), 'webm'));
    expect(webm.slice(0, -1)).toEqual(DELAYS.slice(0, -1));
  });
});
