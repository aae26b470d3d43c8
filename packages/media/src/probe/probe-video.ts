import { resolveFfmpeg } from '../ffmpeg.ts';
import { runProcess, stderrSummary } from '../process.ts';
import { MediaError, type MediaLimits, type MediaProbe, type SourceFormat } from '../types.ts';
import { demuxerFor } from '../render/ffmpeg-input.ts';
import { parseFfmpegInfo, parseFfprobeJson, type VideoFacts } from './video-facts.ts';

type VideoFormat = Extract<SourceFormat, 'mp4' | 'mov' | 'webm'>;

/** Probing reads headers only; it should never need long even on a slow disk. */
const probeTimeoutMs = 20_000;

/**
 * Probes an MP4, MOV or WebM with ffprobe's JSON (or, when only the bundled ffmpeg exists,
 * by reading `ffmpeg -i`'s stream summary). The demuxer is forced to the sniffed format and
 * only local files may be opened, so a crafted playlist or reference movie cannot reach out.
 */
export async function probeVideo(
  path: string,
  format: VideoFormat,
  limits: MediaLimits,
): Promise<MediaProbe> {
  const ff = await resolveFfmpeg();
  const timeoutMs = Math.min(probeTimeoutMs, limits.processTimeoutMs);
  const input = ['-protocol_whitelist', 'file', '-f', demuxerFor(format), '-i', path];
  let facts: VideoFacts;
  if (ff.ffprobePath) {
    const result = await runProcess({
      file: ff.ffprobePath,
      args: [
        '-v',
        'error',
        '-hide_banner',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        ...input,
      ],
      timeoutMs,
      maxStdoutBytes: 4 * 1024 * 1024,
    });
    if (result.timedOut) throw new MediaError('processing_timeout', 'Probing the video timed out.');
    if (result.code !== 0) throw unreadable(result.stderr);
    facts = parseFfprobeJson(result.stdout.toString('utf8'));
  } else {
    const result = await runProcess({
      file: ff.ffmpegPath,
      args: ['-nostdin', '-hide_banner', ...input],
      timeoutMs,
    });
    if (result.timedOut) throw new MediaError('processing_timeout', 'Probing the video timed out.');
    // ffmpeg exits 1 here by design ("At least one output file must be specified").
    facts = parseFfmpegInfo(result.stderr);
    if (!facts.hasVideo && /Invalid data|could not find|error/i.test(result.stderr)) {
      throw unreadable(result.stderr);
    }
  }
  return toProbe(format, facts, limits);
}

function toProbe(format: VideoFormat, facts: VideoFacts, limits: MediaLimits): MediaProbe {
  if (!facts.hasVideo) throw new MediaError('corrupt_media', 'The file has no video stream.');
  if (!(facts.width > 0 && facts.height > 0)) {
    throw new MediaError('corrupt_media', 'The video has no picture size.');
  }
  if (facts.width * facts.height > limits.maxPixelsPerFrame) {
    throw new MediaError(
      'dimensions_too_large',
      `The video is ${facts.width}x${facts.height}, more than ${limits.maxPixelsPerFrame} pixels.`,
    );
  }
  if (!(facts.durationMs > 0)) throw new MediaError('corrupt_media', 'The video has no duration.');
  // Rates above 240 fps are container nonsense (e.g. a 1/90000 timebase); treat as 30.
  const fps = facts.fps > 0 && facts.fps <= 240 ? facts.fps : 30;
  const frames =
    facts.frames > 0 ? facts.frames : Math.max(1, Math.round((facts.durationMs / 1000) * fps));
  const rotated = Math.abs(facts.rotation) % 180 === 90;
  return {
    format,
    kind: 'video',
    width: rotated ? facts.height : facts.width,
    height: rotated ? facts.width : facts.height,
    frames,
    durationMs: facts.durationMs,
    fps,
    hasAlpha: facts.hasAlpha,
    animated: true,
    hasAudio: facts.hasAudio,
  };
}

function unreadable(stderr: string): MediaError {
  return new MediaError('corrupt_media', `The video cannot be read: ${stderrSummary(stderr)}`);
}
