/** The few facts probing needs from a video's first video stream. */
export interface VideoFacts {
  hasVideo: boolean;
  width: number;
  height: number;
  durationMs: number;
  fps: number;
  /** 0 when the container does not say. */
  frames: number;
  /** Display rotation in degrees (phones record sideways and flag it). */
  rotation: number;
  hasAlpha: boolean;
  hasAudio: boolean;
}

const noVideo: VideoFacts = {
  hasVideo: false,
  width: 0,
  height: 0,
  durationMs: 0,
  fps: 0,
  frames: 0,
  rotation: 0,
  hasAlpha: false,
  hasAudio: false,
};

/** Reads `ffprobe -print_format json -show_format -show_streams` output. */
export function parseFfprobeJson(text: string): VideoFacts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return noVideo;
  }
  const root = asRecord(parsed);
  const streams = Array.isArray(root['streams']) ? root['streams'].map(asRecord) : [];
  const video = streams.find(
    (s) => s['codec_type'] === 'video' && asRecord(s['disposition'])['attached_pic'] !== 1,
  );
  if (!video) return noVideo;
  const tags = asRecord(video['tags']);
  const sideData = Array.isArray(video['side_data_list'])
    ? video['side_data_list'].map(asRecord)
    : [];
  const rotation =
    num(sideData.find((d) => d['rotation'] !== undefined)?.['rotation']) || num(tags['rotate']);
  const duration = num(asRecord(root['format'])['duration']) || num(video['duration']);
  return {
    hasVideo: true,
    width: num(video['width']),
    height: num(video['height']),
    durationMs: duration * 1000,
    fps: rate(video['avg_frame_rate']) || rate(video['r_frame_rate']),
    frames: num(video['nb_frames']),
    rotation,
    hasAlpha: hasAlphaPixFmt(str(video['pix_fmt'])) || tags['alpha_mode'] === '1',
    hasAudio: streams.some((s) => s['codec_type'] === 'audio'),
  };
}

/** Reads the input summary `ffmpeg -i` prints, for the bundled build that has no ffprobe. */
export function parseFfmpegInfo(stderr: string): VideoFacts {
  const streamLine = /Stream #\d+:\d+[^:]*: Video: (.+)/.exec(stderr)?.[1];
  if (!streamLine || /attached pic/.test(streamLine)) return noVideo;
  const size = /(?:^|[ ,])(\d{1,5})x(\d{1,5})(?=[ ,[]|$)/.exec(streamLine);
  const fpsMatch = /([\d.]+)(k?) fps/.exec(streamLine) ?? /([\d.]+)(k?) tbr/.exec(streamLine);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const rotateTag = /rotate\s*:\s*(-?\d+)/.exec(stderr);
  const matrix = /rotation of (-?[\d.]+) degrees/.exec(stderr);
  const pixFmt = /^[^,]+, ([a-z0-9_]+)/.exec(streamLine)?.[1] ?? '';
  return {
    hasVideo: true,
    width: num(size?.[1]),
    height: num(size?.[2]),
    durationMs: duration
      ? (num(duration[1]) * 3600 + num(duration[2]) * 60 + num(duration[3])) * 1000
      : 0,
    fps: fpsMatch ? num(fpsMatch[1]) * (fpsMatch[2] === 'k' ? 1000 : 1) : 0,
    frames: 0,
    rotation: num(matrix?.[1]) || num(rotateTag?.[1]),
    hasAlpha: hasAlphaPixFmt(pixFmt) || /alpha_mode\s*:\s*1/.test(stderr),
    hasAudio: /Stream #\d+:\d+[^:\n]*: Audio:/.test(stderr),
  };
}

function hasAlphaPixFmt(pixFmt: string): boolean {
  return /^(yuva|rgba|bgra|argb|abgr|gbrap|ya)/.test(pixFmt);
}

/** "30000/1001" → 29.97; "0/0" → 0. */
function rate(value: unknown): number {
  const [numerator, denominator] = str(value).split('/');
  const n = num(numerator);
  const d = denominator === undefined ? 1 : num(denominator);
  return d > 0 ? n / d : 0;
}

function str(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
