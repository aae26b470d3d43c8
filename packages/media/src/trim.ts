import sharp from 'sharp';
import type { FfmpegInfo } from './ffmpeg.ts';
import { checkDecodedWork } from './limits.ts';
import { demuxerFor } from './render/ffmpeg-input.ts';
import { runFfmpegOnce } from './render/ffmpeg-job.ts';
import { mediaErrorFromSharp } from './sharp-errors.ts';
import { inSharpSlot } from './sharp-slots.ts';
import { MediaError, type MediaLimits, type MediaProbe } from './types.ts';

/** What a trim writes: an H.264 MP4 (the maker's preview) or an animated GIF. */
export type TrimFormat = 'mp4' | 'gif';

/**
 * Output bounds, whatever the source: a GIF maker's clip is seen in a page, not archived, and
 * a GIF's size grows with every pixel and frame (GIPHY's own maker writes 480 px, ~15 fps).
 */
export const trimOutput = {
  mp4: { maxSide: 720, maxFps: 30 },
  gif: { maxSide: 480, maxFps: 15 },
} as const;

export interface TrimRequest {
  ff: FfmpegInfo;
  /** A source that `probe` accepted (so its format is sniffed and its limits hold). */
  source: string;
  probe: MediaProbe;
  format: TrimFormat;
  outPath: string;
  /** Scratch file for the WebP → GIF step (ffmpeg cannot decode animated WebP). */
  workPath: string;
  limits: MediaLimits;
}

/** The part of the source a trim keeps, after the range checks. */
export interface TrimSpan {
  startSeconds: number;
  durationSeconds: number;
}

/**
 * Checks a trim range against the source and the decoded-work budget, and returns the span
 * actually kept (the duration is shortened to the source's end). Throws `trim_out_of_range`
 * for a start at or past the end, and `too_much_work` when the frames ffmpeg must decode cost
 * more than `maxDecodedPixels`: for video it seeks to the key frame before the start, so only
 * the span counts; an animation (GIF, APNG, WebP) is composed frame by frame from its first,
 * so every frame up to the span's end counts.
 */
export function planTrim(
  probe: MediaProbe,
  request: { startSeconds: number; durationSeconds: number },
  limits: Pick<MediaLimits, 'maxDecodedPixels'>,
): TrimSpan {
  const sourceSeconds = probe.durationMs / 1000;
  if (!probe.animated && probe.kind === 'image') {
    throw new MediaError('trim_out_of_range', 'A still image has nothing to trim.');
  }
  if (request.startSeconds >= sourceSeconds) {
    throw new MediaError(
      'trim_out_of_range',
      `start is ${request.startSeconds} s but the media lasts ${sourceSeconds.toFixed(3)} s.`,
    );
  }
  const durationSeconds = Math.min(request.durationSeconds, sourceSeconds - request.startSeconds);
  const decodedSeconds =
    probe.kind === 'video' ? durationSeconds : request.startSeconds + durationSeconds;
  const fps = probe.fps > 0 ? probe.fps : probe.frames / Math.max(sourceSeconds, 0.001);
  const frames = Math.min(probe.frames, Math.ceil(decodedSeconds * fps));
  checkDecodedWork({ width: probe.width, height: probe.height, frames }, limits);
  return { startSeconds: request.startSeconds, durationSeconds };
}

/**
 * Writes `span` of the source as `format`: one ffmpeg run through the media package's usual
 * guards (forced demuxer, local files only, per-frame pixel cap, wall-clock limit), scaled to
 * fit `trimOutput` and frame-rate capped, without sound. An animated WebP is first rewritten
 * as a GIF by sharp, since ffmpeg cannot decode animated WebP.
 */
export async function trimMedia(request: TrimRequest, span: TrimSpan): Promise<void> {
  let input = request.source;
  let format = request.probe.format;
  if (format === 'webp') {
    await webpToGif(request.source, request.workPath, request.limits);
    input = request.workPath;
    format = 'gif';
  }
  const bounds = trimOutput[request.format];
  // Frame timing is kept (a GIF's frames may each last differently) unless the source is
  // faster than the cap; an average rate would merge or drop a slow GIF's long frames.
  const fpsCap = request.probe.fps > bounds.maxFps ? `,fps=fps=${bounds.maxFps}` : '';
  // Fit within maxSide × maxSide, never enlarge, keep even sides for yuv420p.
  const fit =
    `scale='min(${bounds.maxSide},iw)':'min(${bounds.maxSide},ih)':force_original_aspect_ratio=decrease,` +
    `scale=trunc(iw/2)*2:trunc(ih/2)*2:flags=bicubic,setsar=1${fpsCap}`;
  const args = [
    '-protocol_whitelist',
    'file',
    '-max_pixels',
    String(request.limits.maxPixelsPerFrame),
    '-ss',
    span.startSeconds.toFixed(3),
    '-t',
    span.durationSeconds.toFixed(3),
    '-f',
    demuxerFor(format),
    '-i',
    input,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
  ];
  if (request.format === 'gif') {
    args.push(
      '-filter_complex',
      `[0:v:0]${fit},split[a][b];[a]palettegen=stats_mode=diff[p];` +
        `[b][p]paletteuse=dither=bayer:bayer_scale=3:alpha_threshold=128`,
      '-loop',
      '0',
      '-f',
      'gif',
      request.outPath,
    );
  } else {
    // Transparent frames are laid on white, as the MP4 renditions are.
    args.push(
      '-filter_complex',
      `[0:v:0]${fit},format=rgba,split[a][b];[a]lutrgb=r=255:g=255:b=255:a=255[bg];` +
        `[bg][b]overlay=format=auto,format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      request.outPath,
    );
  }
  await runFfmpegOnce({ ff: request.ff, limits: request.limits, args, what: 'the trimmed clip' });
}

/** Animated WebP → animated GIF (sharp keeps the frame delays and the loop). */
async function webpToGif(source: string, dest: string, limits: MediaLimits): Promise<void> {
  try {
    await inSharpSlot(() =>
      sharp(source, {
        animated: true,
        limitInputPixels: limits.maxPixelsPerFrame,
        failOn: 'error',
      })
        .gif()
        .timeout({ seconds: Math.ceil(limits.processTimeoutMs / 1000) })
        .toFile(dest),
    );
  } catch (error) {
    throw mediaErrorFromSharp(error, 'Decoding the WebP');
  }
}
