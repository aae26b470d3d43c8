import { describe, expect, it } from 'vitest';
import { IdleHeapTrimmer } from './idle-heap-trimmer.ts';

describe('IdleHeapTrimmer', () => {
  // Windows of 10 s: busy is more than 2% of a core (200 ms of CPU), quiet is less.
  const run = (windowsCpuMs: number[]) => {
    let cpu = 0;
    let trims = 0;
    const trimmedAfter: number[] = [];
    const trimmer = new IdleHeapTrimmer({
      trim: () => trims++,
      cpuMicros: () => cpu * 1000,
      windowMs: 10_000,
    });
    trimmer.start();
    trimmer.stop();
    windowsCpuMs.forEach((used, index) => {
      cpu += used;
      const before = trims;
      trimmer.endWindow();
      if (trims > before) trimmedAfter.push(index);
    });
    return trimmedAfter;
  };

  it('trims at the first quiet window after the start, and not again while quiet', () => {
    expect(run([5, 10, 3, 0])).toEqual([0]);
  });

  it('trims once after each busy spell, when it has gone quiet', () => {
    expect(run([9000, 4000, 100, 50, 8000, 150, 20])).toEqual([2, 5]);
  });

  it('never trims while the work goes on', () => {
    expect(run([3000, 2500, 201, 9000])).toEqual([]);
  });
});
