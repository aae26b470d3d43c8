import { describe, expect, it } from 'vitest';
import { parseFfmpegInfo, parseFfprobeJson } from './video-facts.ts';

// What `ffmpeg -i` prints for an MP4 with a sound track (the bundled build has no ffprobe).
const ffmpegSummary = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'talk.mp4':
  Duration: 00:00:02.00, start: 0.000000, bitrate: 361 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 640x360 [SAR 1:1 DAR 16:9], 226 kb/s, 15 fps, 15 tbr, 15360 tbn (default)
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 69 kb/s (default)
At least one output file must be specified`;

describe('video facts', () => {
  it('sees a sound track in ffmpeg’s summary and in ffprobe’s JSON', () => {
    expect(parseFfmpegInfo(ffmpegSummary)).toMatchObject({
      width: 640,
      height: 360,
      durationMs: 2000,
      hasAudio: true,
    });
    const silent = ffmpegSummary.replace(/\n.*Audio:.*$/m, '');
    expect(parseFfmpegInfo(silent).hasAudio).toBe(false);
    const probeJson = (types: string[]) =>
      JSON.stringify({
        format: { duration: '2.0' },
        streams: types.map((codec_type) => ({ codec_type, width: 640, height: 360 })),
      });
    expect(parseFfprobeJson(probeJson(['video', 'audio'])).hasAudio).toBe(true);
    expect(parseFfprobeJson(probeJson(['video'])).hasAudio).toBe(false);
  });
});
