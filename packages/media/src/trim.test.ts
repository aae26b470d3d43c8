import { describe, expect, it } from 'vitest';
import { planTrim } from './trim.ts';
import { MediaError, type MediaProbe } from './types.ts';

const video: MediaProbe = {
  format: 'mp4',
  kind: 'video',
  width: 320,
  height: 240,
  frames: 300,
  durationMs: 10_000,
  fps: 30,
  hasAlpha: false,
  animated: true,
  hasAudio: false,
};
const gif: MediaProbe = { ...video, format: 'gif', kind: 'image' };
// One frame of 320×240 costs 76 800 + 250 000 = 326 800 units; this budget holds 60 frames.
const budget = { maxDecodedPixels: 60 * 326_800 };

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof MediaError ? error.code : String(error);
  }
  return null;
};

describe('planTrim', () => {
  it('keeps the span asked for, shortened at the source’s end', () => {
    expect(planTrim(video, { startSeconds: 2, durationSeconds: 1.5 }, budget)).toEqual({
      startSeconds: 2,
      durationSeconds: 1.5,
    });
    expect(planTrim(video, { startSeconds: 9, durationSeconds: 1.5 }, budget)).toEqual({
      startSeconds: 9,
      durationSeconds: 1,
    });
  });

  it('refuses a start at or past the end, and a still image', () => {
    expect(codeOf(() => planTrim(video, { startSeconds: 10, durationSeconds: 1 }, budget))).toBe(
      'trim_out_of_range',
    );
    const still = { ...gif, format: 'png' as const, animated: false, frames: 1, durationMs: 0 };
    expect(codeOf(() => planTrim(still, { startSeconds: 0, durationSeconds: 1 }, budget))).toBe(
      'trim_out_of_range',
    );
  });

  it('charges a video for its span, an animation for every frame up to the span’s end', () => {
    // Two seconds at 30 fps: 60 frames, within the budget wherever they start.
    expect(codeOf(() => planTrim(video, { startSeconds: 7, durationSeconds: 2 }, budget))).toBe(
      null,
    );
    // A GIF is composed from its first frame: ending at 9 s means 270 frames decoded.
    expect(codeOf(() => planTrim(gif, { startSeconds: 7, durationSeconds: 2 }, budget))).toBe(
      'too_much_work',
    );
    expect(codeOf(() => planTrim(gif, { startSeconds: 0, durationSeconds: 2 }, budget))).toBe(null);
  });
});
