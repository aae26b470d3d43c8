import { describe, expect, it } from 'vitest';
import { bundledFfprobePath, bundledPath, describeFfmpeg, resolveFfmpeg } from './ffmpeg.ts';

describe('resolveFfmpeg', () => {
  it('prefers the system ffmpeg (with ffprobe) and caches the answer', async () => {
    const first = resolveFfmpeg();
    expect(resolveFfmpeg()).toBe(first);
    const info = await first;
    if (process.env['FFMPEG_PATH']) return; // an override decides instead
    expect(info.source).toBe('system');
    expect(info.ffprobePath).toMatch(/ffprobe$/);
    expect(info.fpsModeFlag).toBe('-fps_mode');
    expect(info.zscale).toBe(true);
    expect(info.xstackFill).toBe(true);
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
