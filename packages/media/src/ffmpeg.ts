import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runProcess } from './process.ts';

/** Which ffmpeg Jiffy runs, and what it can do. */
export interface FfmpegInfo {
  ffmpegPath: string;
  /**
   * ffprobe next to ffmpeg, else the one shipped by `@ffprobe-installer/ffprobe`; null when
   * neither runs here (or `FFPROBE_PATH=none`): probes then parse `ffmpeg -i` output.
   */
  ffprobePath: string | null;
  source: 'system' | 'bundled';
  version: string;
  /**
   * The flag that sets variable-frame-rate output: `-fps_mode` from ffmpeg 5.1, `-vsync` before
   * (the bundled 2018 build only knows `-vsync`).
   */
  fpsModeFlag: '-fps_mode' | '-vsync';
  /**
   * Has a `zscale` (zimg) that takes bicubic parameters (4.4 on), which resizes RGB frames for
   * about a third of swscale's CPU. The bundled 2018 build has zscale without them.
   */
  zscale: boolean;
  /**
   * Its `xstack` takes `fill` (4.4 on): the canvas's gaps between stacked GIF tiles are painted
   * one colour instead of left as whatever the frame's memory held (the bundled 2018 build).
   */
  xstackFill: boolean;
}

let cached: Promise<FfmpegInfo> | null = null;

/**
 * Finds ffmpeg once per process: `FFMPEG_PATH` if set, else an ffmpeg with libx264 on `PATH`,
 * else the static build from `@ffmpeg-installer/ffmpeg`. ffprobe is looked for next to it, then
 * in `@ffprobe-installer/ffprobe` (`FFPROBE_PATH` overrides; `none` means parse ffmpeg's output).
 */
export function resolveFfmpeg(): Promise<FfmpegInfo> {
  cached ??= locate().catch((error: unknown) => {
    // A failed lookup should not stick: the next call may find a freshly installed ffmpeg.
    cached = null;
    throw error;
  });
  return cached;
}

/**
 * Forgets the resolved ffmpeg so the next `resolveFfmpeg` looks again (after `FFMPEG_PATH`
 * changes; tests use it to run against the bundled build).
 */
export function clearFfmpegCache(): void {
  cached = null;
}

async function locate(): Promise<FfmpegInfo> {
  const override = process.env['FFMPEG_PATH'];
  if (override) {
    return describeFfmpeg(override, override === bundledPath() ? 'bundled' : 'system');
  }
  const onPath = await findOnPath('ffmpeg');
  if (onPath) {
    const info = await describeFfmpeg(onPath, 'system').catch(() => null);
    if (info && (await hasLibx264(info.ffmpegPath))) return info;
  }
  return describeFfmpeg(bundledPath(), 'bundled');
}

/** Path of the static ffmpeg shipped by `@ffmpeg-installer/ffmpeg`. */
export function bundledPath(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Runs `ffmpeg -version` on a binary and describes it; throws if it is not a working ffmpeg. */
export async function describeFfmpeg(
  ffmpegPath: string,
  source: FfmpegInfo['source'],
): Promise<FfmpegInfo> {
  const result = await runProcess({
    file: ffmpegPath,
    args: ['-hide_banner', '-version'],
    timeoutMs: 10_000,
    maxStdoutBytes: 64 * 1024,
  });
  const text = result.stdout.toString('utf8');
  const firstLine = text.split('\n')[0] ?? '';
  const match = /ffmpeg version (\S+)/.exec(firstLine);
  if (result.code !== 0 || !match?.[1]) {
    throw new Error(`${ffmpegPath} does not look like a working ffmpeg`);
  }
  const version = match[1];
  return {
    ffmpegPath,
    ffprobePath: await findFfprobe(ffmpegPath),
    source,
    version,
    // `-fps_mode` arrived in 5.1.
    fpsModeFlag: versionAtLeast(version, 5, 1) ? '-fps_mode' : '-vsync',
    // `-version` prints the configure line, so this costs no extra process.
    zscale: text.includes('--enable-libzimg') && versionAtLeast(version, 4, 4),
    xstackFill: versionAtLeast(version, 4, 4),
  };
}

/** A release at least `major.minor`; git snapshots ("N-47683-…") count as older here. */
function versionAtLeast(version: string, major: number, minor: number): boolean {
  const match = /^n?(\d+)\.(\d+)/.exec(version);
  if (!match) return false;
  const [have, haveMinor] = [Number(match[1]), Number(match[2])];
  return have > major || (have === major && haveMinor >= minor);
}

async function hasLibx264(ffmpegPath: string): Promise<boolean> {
  const result = await runProcess({
    file: ffmpegPath,
    args: ['-hide_banner', '-encoders'],
    timeoutMs: 10_000,
    maxStdoutBytes: 1024 * 1024,
  });
  return result.code === 0 && result.stdout.toString('utf8').includes('libx264');
}

async function findFfprobe(ffmpegPath: string): Promise<string | null> {
  const override = process.env['FFPROBE_PATH'];
  if (override) return override === 'none' ? null : override;
  const sibling = path.join(path.dirname(ffmpegPath), 'ffprobe');
  if (await isExecutable(sibling)) return sibling;
  const shipped = bundledFfprobePath();
  return shipped && (await isExecutable(shipped)) ? shipped : null;
}

/**
 * Path of the ffprobe shipped by `@ffprobe-installer/ffprobe` (a 2023 static build), or null
 * where the package has no build for this platform. It beats parsing `ffmpeg -i` output, whose
 * format no program is promised.
 */
export function bundledFfprobePath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  } catch {
    return null;
  }
}

async function findOnPath(name: string): Promise<string | null> {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
