import type { Readable } from 'node:stream';
import type { SourceFormat } from '../types.ts';

/** How ffmpeg reads a job's input: arguments before `-filter_complex`, and maybe a stdin feed. */
export interface FfmpegInput {
  args: string[];
  /** A fresh stream per run (a stream can only be consumed once). */
  stdin?: () => Readable;
}

/**
 * The demuxer for each sniffed format. Always forcing it means ffmpeg never guesses from the
 * content, so a file crafted to look like, say, an HLS playlist is never opened as one.
 */
export function demuxerFor(format: SourceFormat): string {
  switch (format) {
    case 'gif':
      return 'gif';
    case 'png':
      return 'png_pipe';
    case 'apng':
      return 'apng';
    case 'webp':
      return 'webp_pipe';
    case 'mp4':
    case 'mov':
      return 'mov';
    case 'webm':
      return 'matroska';
  }
}

/**
 * Input arguments for a file ffmpeg decodes itself: forced demuxer, local files only, and a
 * per-frame pixel cap in the decoder. Video is cut at `maxSeconds`.
 */
export function fileInput(options: {
  path: string;
  format: SourceFormat;
  maxPixels: number;
  maxSeconds?: number;
}): FfmpegInput {
  const args = ['-protocol_whitelist', 'file', '-max_pixels', String(options.maxPixels)];
  if (options.maxSeconds !== undefined) args.push('-t', options.maxSeconds.toFixed(3));
  args.push('-f', demuxerFor(options.format), '-i', options.path);
  return { args };
}

/** Raw RGBA frames on stdin at a constant rate (used for WebP, which ffmpeg cannot animate). */
export function rawInput(options: {
  width: number;
  height: number;
  /** Frames per second as a rational, e.g. "45000/3000". */
  rate: string;
  stdin: () => Readable;
}): FfmpegInput {
  return {
    args: [
      '-protocol_whitelist',
      'pipe',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${options.width}x${options.height}`,
      '-framerate',
      options.rate,
      '-i',
      'pipe:0',
    ],
    stdin: options.stdin,
  };
}
