import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { trimGlibcHeap, usesGlibc } from './glibc-heap.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The process's resident memory in MB, as the kernel counts it. */
const residentMb = () =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

describe.runIf(usesGlibc())('trimGlibcHeap', () => {
  it('gives the memory that freed C allocations left resident back to the system', () => {
    // 96 MB of 48 KB blocks (under glibc's mmap threshold: they come from its heap, as
    // libvips' pixel buffers do), touched, then freed but for every 16th, which keeps the
    // freed space in the middle of the heap, where only a trim can give it back.
    const blocks = Array.from({ length: 2048 }, () => Buffer.alloc(48 * 1024, 1));
    const kept = blocks.filter((_, index) => index % 16 === 0);
    blocks.length = 0;
    gc();
    gc();
    const before = residentMb();
    expect(trimGlibcHeap()).toBe(true);
    const after = residentMb();
    console.info(`resident ${before.toFixed(0)} MB before the trim, ${after.toFixed(0)} MB after`);
    expect(before - after).toBeGreaterThan(60);
    expect(kept.every((block) => block[0] === 1)).toBe(true);
  });
});
