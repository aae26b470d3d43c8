import type { RenderContext } from './context.ts';
import { scaleFilter } from './ffmpeg-filters.ts';
import { fileInput } from './ffmpeg-input.ts';
import { runFfmpegOnce } from './ffmpeg-job.ts';

/** AAC at this rate is transparent enough for clips of a few seconds to a minute. */
const audioBitrate = '128k';

/**
 * `clip`: a video with its sound (GIPHY's videos), for sources with an audio track: the whole
 * source up to MAX_DURATION, H.264 (yuv420p, even sides, at most 720p) and stereo AAC, with the
 * index at the front so playback starts before the download ends. Only the first video and the
 * first audio stream are kept; subtitles, data and attachments never reach the output.
 */
export async function writeClip(ctx: RenderContext, options: { path: string }): Promise<void> {
  const size = ctx.sizes.clip;
  if (!size) throw new Error('writeClip needs a source with sound');
  const input = fileInput({
    path: ctx.source,
    format: ctx.probe.format,
    maxPixels: ctx.limits.maxPixelsPerFrame,
    maxSeconds: ctx.limits.maxDurationMs / 1000,
  });
  await runFfmpegOnce({
    ff: ctx.ff,
    limits: ctx.limits,
    what: 'the clip',
    args: [
      ...input.args,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0',
      '-sn',
      '-dn',
      '-vf',
      `${scaleFilter(size)},setsar=1,format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-c:a',
      'aac',
      '-b:a',
      audioBitrate,
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      options.path,
    ],
  });
}
