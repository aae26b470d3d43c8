import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobOutput } from './ffmpeg-job.ts';
import { mayUseSecondCore, splitByTail } from './split-job.ts';

const output = (label: string, tail: JobOutput['tail']): JobOutput => ({
  label,
  tail,
  size: { width: 200, height: 112 },
  frames: { kind: 'extract' },
  alpha: false,
  path: `/tmp/${label}.${tail}`,
});

describe('splitByTail', () => {
  it('puts the GIFs in one job and the MP4s and WebPs in the other', () => {
    const jobs = splitByTail([output('a', 'mp4'), output('b', 'gif'), output('c', 'webp')]);
    expect(jobs?.map((job) => job.map((o) => o.label))).toEqual([['a', 'c'], ['b']]);
  });

  it('does not split a job with no GIF or nothing but GIFs', () => {
    expect(splitByTail([output('a', 'mp4'), output('c', 'webp')])).toBeNull();
    expect(splitByTail([output('b', 'gif')])).toBeNull();
  });
});

describe('mayUseSecondCore', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('follows JIFFY_MEDIA_SPLIT when set, whatever the load', () => {
    vi.stubEnv('JIFFY_MEDIA_SPLIT', 'always');
    expect(mayUseSecondCore()).toBe(true);
    vi.stubEnv('JIFFY_MEDIA_SPLIT', 'never');
    expect(mayUseSecondCore()).toBe(false);
  });
});
