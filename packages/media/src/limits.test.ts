import { describe, expect, it } from 'vitest';
import { checkByteSize, checkLimits } from './limits.ts';
import { defaultMediaLimits, MediaError, type MediaProbe } from './types.ts';

const base: MediaProbe = {
  format: 'gif',
  kind: 'image',
  width: 480,
  height: 270,
  frames: 45,
  durationMs: 3000,
  fps: 15,
  hasAlpha: false,
  animated: true,
  hasAudio: false,
};

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof MediaError ? error.code : 'other';
  }
}

describe('checkLimits', () => {
  const limits = defaultMediaLimits;
  it('passes a source within every limit', () => {
    expect(codeOf(() => checkLimits(base, limits))).toBeNull();
  });
  it('names the limit that was passed', () => {
    expect(codeOf(() => checkLimits({ ...base, width: 5000, height: 5000 }, limits))).toBe(
      'dimensions_too_large',
    );
    expect(codeOf(() => checkLimits({ ...base, width: 20000, height: 10 }, limits))).toBe(
      'dimensions_too_large',
    );
    expect(codeOf(() => checkLimits({ ...base, frames: 3001 }, limits))).toBe('too_many_frames');
    expect(codeOf(() => checkLimits({ ...base, durationMs: 60_001 }, limits))).toBe(
      'duration_too_long',
    );
  });
  it('refuses decoded work (frames × (width × height + 250 000)) past the budget, each limit alone held', () => {
    // Each frame counts its pixels plus 250 000: 200 frames of 1000×1000 is the default budget.
    const atBudget = { ...base, width: 1000, height: 1000, frames: 200 };
    expect(atBudget.frames * (1000 * 1000 + 250_000)).toBe(limits.maxDecodedPixels);
    expect(codeOf(() => checkLimits(atBudget, limits))).toBeNull();
    expect(codeOf(() => checkLimits({ ...atBudget, frames: 201 }, limits))).toBe('too_much_work');
    // A video: 10 s at 30 fps of 1280×720 is 351 M.
    const video = { ...base, kind: 'video' as const, width: 1280, height: 720, frames: 300 };
    expect(codeOf(() => checkLimits(video, limits))).toBe('too_much_work');
  });
});

describe('checkByteSize', () => {
  it('refuses empty and oversized files', () => {
    expect(codeOf(() => checkByteSize(1, defaultMediaLimits))).toBeNull();
    expect(codeOf(() => checkByteSize(0, defaultMediaLimits))).toBe('corrupt_media');
    expect(codeOf(() => checkByteSize(defaultMediaLimits.maxBytes + 1, defaultMediaLimits))).toBe(
      'file_too_large',
    );
  });
});
