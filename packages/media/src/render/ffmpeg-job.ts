import { availableParallelism } from 'node:os';
import type { FfmpegInfo } from '../ffmpeg.ts';
import { runProcess, stderrSummary } from '../process.ts';
import { traced } from '../trace.ts';
import { MediaError, type MediaLimits } from '../types.ts';
import { buildFilterGraph, type GraphBranch, type GraphSource } from './ffmpeg-graph.ts';
import type { FfmpegInput } from './ffmpeg-input.ts';
import { setMp4LastDuration } from './mp4-last-duration.ts';
import { setWebpLastDelay } from './webp-last-delay.ts';

/** One file an ffmpeg job writes. */
export interface JobOutput extends GraphBranch {
  path: string;
  /** MP4 rate control: constant quality by default, or a bitrate for size-capped renditions. */
  kbps?: number;
  /** Cut the output at this many seconds (preview, downsized_small). */
  maxSeconds?: number;
  /** WebP quality 0–100. */
  quality?: number;
}

/** A file written by stream copy from an input of its own (no decoding, no filter graph). */
export interface CopyOutput {
  /** Input arguments, ending with `-i <file>`. */
  input: string[];
  path: string;
  /**
   * The last frame's own delay (ms), set after the copy: the muxer gives the last packet a
   * guessed duration, not the one it had in the input.
   */
  lastDelayMs?: number;
}

/** Everything one ffmpeg run needs. */
export interface FfmpegJob {
  ff: FfmpegInfo;
  input: FfmpegInput;
  source: GraphSource;
  outputs: readonly JobOutput[];
  /** Stream copies the same process writes besides (e.g. `looping`), inputs 1, 2, … */
  copies?: readonly CopyOutput[];
  limits: MediaLimits;
}

/** No single rendition may be bigger than this, whatever goes wrong. */
const maxOutputBytes = 512 * 1024 * 1024;

/**
 * A filter graph with many branches allocates and frees frame-sized buffers constantly; with
 * glibc's defaults each is a fresh mmap the kernel must fault in and zero, which showed up as a
 * large share of ffmpeg's time on small GIFs. Keeping them on the heap for the life of this
 * short process cut ffmpeg's wall time by about 8%. `hugetlb=1` (glibc 2.35 on) asks for
 * transparent huge pages on that heap: every paletteuse/palettegen zeroes a 16 MB context
 * (≈ 4,000 page faults each in 4 KB pages), and on the 2-core dev VM the GIF process of the
 * small bench GIF's rest phase went from 1844 to 1210 ms CPU (essential job 1330 → 808 ms),
 * byte-identical output, peak RSS within 25 MB. Where THP is off it changes nothing; older
 * glibc and other C libraries ignore the variable.
 */
const ffmpegEnv: NodeJS.ProcessEnv = {
  ...process.env,
  GLIBC_TUNABLES: [
    process.env['GLIBC_TUNABLES'],
    'glibc.malloc.mmap_threshold=67108864',
    'glibc.malloc.trim_threshold=268435456',
    'glibc.malloc.hugetlb=1',
  ]
    .filter(Boolean)
    .join(':'),
};

/**
 * Runs one ffmpeg process that decodes the input once and writes every output through one
 * filter graph. Killed past `processTimeoutMs`. Exit status alone is not trusted (ffmpeg can
 * exit 0 on damaged input); callers inspect what was written.
 */
export async function runFfmpegJob(job: FfmpegJob): Promise<void> {
  if (job.outputs.length === 0) return;
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  // Before 5.1 -vsync is global; -fps_mode is per output and is added there.
  if (job.ff.fpsModeFlag === '-vsync') args.push('-vsync', 'vfr');
  args.push(...job.input.args);
  const copies = job.copies ?? [];
  for (const copy of copies) args.push(...copy.input);
  args.push('-filter_complex_threads', String(filterGraphThreads()));
  args.push('-filter_complex', buildFilterGraph(job.source, job.outputs));
  for (const output of job.outputs) args.push(...outputArgs(job, output));
  copies.forEach((copy, i) => args.push(...copyOutputArgs(copy, i + 1)));
  const result = await traced(
    () => `ffmpeg → ${[...job.outputs, ...copies].map((o) => o.path.split('/').pop()).join(' ')}`,
    () =>
      runProcess({
        file: job.ff.ffmpegPath,
        args,
        timeoutMs: job.limits.processTimeoutMs,
        env: ffmpegEnv,
        ...(job.input.stdin ? { stdin: job.input.stdin() } : {}),
      }),
  );
  if (result.timedOut) {
    throw new MediaError(
      'processing_timeout',
      `Encoding took longer than ${job.limits.processTimeoutMs} ms.`,
    );
  }
  if (result.code !== 0) throw ffmpegFailure(result.stderr);
  const last = job.source.lastDelayMs;
  for (const output of job.outputs) {
    if (last === undefined || !keepsLastFrame(job.source, output)) continue;
    if (output.tail === 'webp') await setWebpLastDelay(output.path, last);
    if (output.tail === 'mp4') await setMp4LastDuration(output.path, last);
  }
  for (const copy of copies)
    if (copy.lastDelayMs !== undefined) await setMp4LastDuration(copy.path, copy.lastDelayMs);
}

/**
 * Threads for the filter graph's slice-threaded filters (zscale, the format conversions). A
 * render runs two processes side by side (this job beside sharp's WebP, or the rest
 * phase's two jobs), so each gets half the cores; ffmpeg's default, a thread per core, only
 * added threads waiting on a core the other process held. On 2 cores (one thread, against
 * two), alternated bench runs: the 800x450 input's essential phase 1.13-1.20x -> 1.01-1.08x
 * the baseline and its full set 11-16% sooner; the 480x270 one's essential 1.52-1.55x ->
 * 1.42-1.53x. Every file but the bitrate-capped MP4s (which vary from run to run anyway) is
 * byte-identical.
 */
function filterGraphThreads(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

/** Per-output arguments: encoder, caps, container. */
function outputArgs(job: FfmpegJob, output: JobOutput): string[] {
  const frameCap = Math.max(job.limits.maxFrames, Math.ceil(job.limits.maxDurationMs / 1000) * 120);
  const args = ['-map', `[${output.label}]`, '-an', '-sn', '-dn'];
  if (job.ff.fpsModeFlag === '-fps_mode') args.push('-fps_mode', 'vfr');
  args.push('-frames:v', String(frameCap), '-fs', String(maxOutputBytes));
  // Every output is cut at the duration limit (plus a second of slack) if not sooner.
  const seconds = output.maxSeconds ?? job.limits.maxDurationMs / 1000 + 1;
  args.push('-t', seconds.toFixed(3));
  // GIF and WebP keep each frame's delay to the millisecond: by default the encoder's time base
  // is 1 / the stream's guessed rate, which rounds every delay to it (70/60/70 ms became
  // 66/67/67, 100 and 40 ms became 110 and 30).
  if (output.tail === 'gif' || output.tail === 'webp') args.push('-enc_time_base', '1:1000');
  // So do the MP4s of a source whose frames carry their own delays (GIF, APNG: those with a
  // last delay); a video's frames keep the encoder's rate-based time base. A file of our own
  // keeps its time base whatever it holds ('-1': the input stream's).
  if ((output.tail === 'mp4' || output.tail === 'webm') && job.source.inputTimeBase)
    args.push('-enc_time_base', '-1');
  else if (output.tail === 'mp4' && job.source.lastDelayMs !== undefined)
    args.push('-enc_time_base', '1:1000');
  if (output.tail === 'gif') {
    args.push('-f', 'gif', '-loop', '0');
    const last = keepsLastFrame(job.source, output) ? job.source.lastDelayMs : undefined;
    // Else the muxer gives the last frame the average delay (a 1 s pause became 250 ms).
    if (last !== undefined) args.push('-final_delay', String(Math.round(last / 10)));
  } else if (output.tail === 'webp') {
    args.push('-c:v', 'libwebp_anim', '-lossless', '0', '-quality', String(output.quality ?? 75));
    args.push('-compression_level', '1', '-loop', '0', '-f', 'webp');
  } else if (output.tail === 'webm') {
    // VP9 at constant quality, libvpx's realtime speed: made on first request, so speed counts.
    args.push('-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p', '-b:v', '0', '-crf', '38');
    args.push('-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-f', 'webm');
  } else {
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p');
    args.push('-profile:v', 'high', '-movflags', '+faststart');
    if (output.kbps !== undefined) {
      const kbps = Math.max(16, Math.round(output.kbps));
      args.push('-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`);
    } else {
      args.push('-crf', '23');
    }
    args.push('-f', 'mp4');
  }
  args.push(output.path);
  return args;
}

/** The output ends on the source's own last frame, shown for its own delay. */
function keepsLastFrame(source: GraphSource, output: JobOutput): boolean {
  return output.frames.kind !== 'pick' && output.maxSeconds === undefined && !source.extract;
}

/** Output arguments of an MP4 stream copy from input `index` (0 when it runs alone). */
export function copyOutputArgs(copy: CopyOutput, index = 0): string[] {
  return ['-map', `${index}:v:0`, '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', copy.path];
}

/** Damaged input reads as `corrupt_media`; anything else is our failure. */
export function ffmpegFailure(stderr: string): MediaError {
  const summary = stderrSummary(stderr);
  if (
    /Invalid data found|Error while decoding|corrupt|Truncat|partial file|moov atom not found|EBML header parsing failed|Invalid (PNG|GIF)/i.test(
      stderr,
    )
  ) {
    return new MediaError('corrupt_media', `The source could not be decoded: ${summary}`);
  }
  return new MediaError('processing_failed', `ffmpeg failed: ${summary}`);
}

/**
 * One quiet ffmpeg run of `args` (after the common flags) within the limits' time; a timeout
 * or a failure is thrown as a MediaError naming `what` was being written.
 */
export async function runFfmpegOnce(options: {
  ff: FfmpegInfo;
  limits: MediaLimits;
  args: string[];
  what: string;
}): Promise<void> {
  const result = await traced(`ffmpeg → ${options.what}`, () =>
    runProcess({
      file: options.ff.ffmpegPath,
      args: ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...options.args],
      timeoutMs: options.limits.processTimeoutMs,
    }),
  );
  if (result.timedOut) {
    throw new MediaError('processing_timeout', `Writing ${options.what} timed out.`);
  }
  if (result.code !== 0) throw ffmpegFailure(result.stderr);
}
