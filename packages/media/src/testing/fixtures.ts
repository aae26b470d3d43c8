import sharp from 'sharp';
import { resolveFfmpeg } from '../ffmpeg.ts';
import { runProcess, stderrSummary } from '../process.ts';

/** Shape and content of a generated animation. */
export interface AnimationOptions {
  path: string;
  width: number;
  height: number;
  frames: number;
  /** Transparent background with an opaque moving disc (a sticker). */
  alpha?: boolean;
  /** Per-frame delay in ms (default 100). */
  delayMs?: number;
  /** Each frame's own delay in ms (one per frame), over `delayMs`. */
  delaysMs?: number[];
  /** Picks a different picture: 'bars' (default) or 'rings'. */
  pattern?: 'bars' | 'rings';
}

/**
 * Raw RGBA frames stacked vertically: colour bars (or rings) with a square that moves each
 * frame, so every frame differs. With `alpha`, only a moving disc is opaque and the top-left
 * pixel is always transparent (tests rely on that).
 */
export function animationFrames(options: Omit<AnimationOptions, 'path'>): Buffer {
  const { width, height, frames } = options;
  const data = Buffer.alloc(width * height * 4 * frames);
  const side = Math.max(2, Math.round(Math.min(width, height) / 4));
  for (let f = 0; f < frames; f++) {
    const cx = Math.round(((f + 0.5) / frames) * width);
    const cy = Math.round(height / 2);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = ((f * height + y) * width + x) * 4;
        const [r, g, b] = colourAt(options.pattern ?? 'bars', x / width, y / height);
        const inSquare = Math.abs(x - cx) < side / 2 && Math.abs(y - cy) < side / 2;
        const inDisc = (x - cx) ** 2 + (y - cy) ** 2 < (side * 0.9) ** 2;
        data[i] = inSquare ? 255 : r;
        data[i + 1] = inSquare ? 255 : g;
        data[i + 2] = inSquare ? 255 : b;
        data[i + 3] = options.alpha ? (inDisc && (x > 0 || y > 0) ? 255 : 0) : 255;
      }
    }
  }
  return data;
}

/** Writes an animated GIF (one frame when `frames` is 1) with sharp. */
export async function makeAnimatedGif(options: AnimationOptions): Promise<string> {
  await sharp(animationFrames(options), raw(options))
    .gif({ delay: delays(options), loop: 0, effort: 1 })
    .toFile(options.path);
  return options.path;
}

/** Writes an animated WebP (a still WebP when `frames` is 1) with sharp. */
export async function makeAnimatedWebp(options: AnimationOptions): Promise<string> {
  const animation = options.frames > 1 ? { delay: delays(options), loop: 0 } : {};
  await sharp(animationFrames(options), raw(options))
    .webp({ quality: 80, effort: 0, ...animation })
    .toFile(options.path);
  return options.path;
}

/** Writes a still PNG (the first frame of the animation). */
export async function makePng(options: Omit<AnimationOptions, 'frames'>): Promise<string> {
  const one = { ...options, frames: 1 };
  await sharp(animationFrames(one), raw(one)).png().toFile(options.path);
  return options.path;
}

/** Writes an APNG with ffmpeg (from a generated GIF, so the pictures match). */
export async function makeApng(options: AnimationOptions): Promise<string> {
  const gif = `${options.path}.src.gif`;
  await makeAnimatedGif({ ...options, path: gif });
  await ffmpeg(['-f', 'gif', '-i', gif, '-plays', '0', '-f', 'apng', options.path]);
  return options.path;
}

/** A generated video clip. */
export interface VideoOptions {
  path: string;
  format?: 'mp4' | 'mov' | 'webm';
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  /** Adds a 440 Hz tone as an AAC sound track (MP4 and MOV only). */
  withSound?: boolean;
  /** A plain black picture: quick to make and tiny even at 4K (for tests of the limits). */
  black?: boolean;
}

/** Writes a clip of ffmpeg's `testsrc2` (moving, colourful) as MP4, MOV (qt brand) or WebM. */
export async function makeVideo(options: VideoOptions): Promise<string> {
  const { width, height, seconds } = options;
  const picture = options.black ? 'color=c=black:' : 'testsrc2=';
  const source = `${picture}size=${width}x${height}:rate=${options.fps ?? 15}:duration=${seconds}`;
  const format = options.format ?? 'mp4';
  const codec =
    format === 'webm'
      ? ['-c:v', 'libvpx', '-b:v', '300k', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'webm']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', format];
  const sound = options.withSound
    ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', '-shortest']
    : [];
  const inputs = ['-f', 'lavfi', '-i', source, ...(sound.length ? sound.slice(0, 4) : [])];
  await ffmpeg([...inputs, ...codec, ...sound.slice(4), options.path]);
  return options.path;
}

/** Writes an MP4 clip; shorthand for `makeVideo` with `format: 'mp4'`. */
export function makeMp4(options: Omit<VideoOptions, 'format'>): Promise<string> {
  return makeVideo({ ...options, format: 'mp4' });
}

async function ffmpeg(args: string[]): Promise<void> {
  const ff = await resolveFfmpeg();
  const result = await runProcess({
    file: ff.ffmpegPath,
    args: ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args],
    timeoutMs: 60_000,
  });
  if (result.code !== 0) throw new Error(`ffmpeg failed: ${stderrSummary(result.stderr)}`);
}

function raw(options: { width: number; height: number; frames: number }) {
  return {
    raw: {
      width: options.width,
      height: options.height * options.frames,
      channels: 4 as const,
      pageHeight: options.height,
    },
  };
}

function delays(options: AnimationOptions): number[] {
  return Array.from(
    { length: options.frames },
    (_, i) => options.delaysMs?.[i] ?? options.delayMs ?? 100,
  );
}

function colourAt(pattern: 'bars' | 'rings', u: number, v: number): [number, number, number] {
  if (pattern === 'rings') {
    const d = Math.hypot(u - 0.5, v - 0.5);
    const on = Math.floor(d * 10) % 2 === 0;
    return on ? [20, 40, 200] : [240, 200, 30];
  }
  const bars: Array<[number, number, number]> = [
    [255, 255, 255],
    [255, 255, 0],
    [0, 255, 255],
    [0, 255, 0],
    [255, 0, 255],
    [255, 0, 0],
    [0, 0, 255],
  ];
  const bar = bars[Math.min(bars.length - 1, Math.floor(u * bars.length))]!;
  const shade = 0.6 + 0.4 * v;
  return [bar[0] * shade, bar[1] * shade, bar[2] * shade].map(Math.round) as [
    number,
    number,
    number,
  ];
}
