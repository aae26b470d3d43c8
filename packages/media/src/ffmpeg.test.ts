import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundledFfprobePath,
  bundledPath,
  clearFfmpegCache,
  describeFfmpeg,
  resolveFfmpeg,
} from './ffmpeg.ts';

/** This machine has an ffmpeg on PATH (CI installs Debian's; `npm install` alone does not). */
const systemFfmpeg = (process.env['PATH'] ?? '')
  .split(path.delimiter)
  .some((dir) => dir && existsSync(path.join(dir, 'ffmpeg')));

describe('resolveFfmpeg', () => {
  it.runIf(systemFfmpeg)(
    'prefers the system ffmpeg (with ffprobe) and caches the answer',
    async () => {
      const first = resolveFfmpeg();
      expect(resolveFfmpeg()).toBe(first);
      const info = await first;
      if (process.env['FFMPEG_PATH']) return; // an override decides instead
      expect(info.source).toBe('system');
      expect(info.ffprobePath).toMatch(/ffprobe$/);
      expect(info.fpsModeFlag).toBe('-fps_mode');
      expect(info.zscale).toBe(true);
      expect(info.xstackFill).toBe(true);
    },
  );

  it('falls back to the bundled build and its ffprobe when PATH has no ffmpeg', async () => {
    const saved = { path: process.env['PATH'], override: process.env['FFMPEG_PATH'] };
    process.env['PATH'] = '';
    delete process.env['FFMPEG_PATH'];
    clearFfmpegCache();
    try {
      const info = await resolveFfmpeg();
      expect(info.source).toBe('bundled');
      expect(info.ffmpegPath).toBe(bundledPath());
      expect(info.ffprobePath).toBe(bundledFfprobePath());
    } finally {
      process.env['PATH'] = saved.path;
      if (saved.override !== undefined) process.env['FFMPEG_PATH'] = saved.override;
      clearFfmpegCache();
    }
  });

  it('describes the bundled 2018 build: -vsync only, with the ffprobe npm ships', async () => {
    const info = await describeFfmpeg(bundledPath(), 'bundled');
    expect(info.source).toBe('bundled');
    expect(info.ffprobePath).toBe(bundledFfprobePath());
    expect(info.fpsModeFlag).toBe('-vsync');
    // Its zscale predates the bicubic parameters: resizes stay swscale's.
    expect(info.zscale).toBe(false);
    // Nor does its xstack take `fill`: stacked GIF tiles' gaps stay unpainted.
    expect(info.xstackFill).toBe(false);
    expect(info.version).toMatch(/^N-/);
  });

  it('refuses something that is not ffmpeg', async () => {
    await expect(describeFfmpeg('/bin/true', 'system')).rejects.toThrow();
  });
});
