import { describe, expect, it } from 'vitest';
import { BufferPool } from './buffer-pool.ts';

describe('BufferPool', () => {
  it('hands back a returned buffer for the next request of its size class', () => {
    const pool = new BufferPool({ maxFreePerSize: 2 });
    const first = pool.take(40_000);
    expect(first.length).toBe(40_000);
    pool.give(first);
    const second = pool.take(50_000);
    expect(second.buffer).toBe(first.buffer);
    expect(second.length).toBe(50_000);
    expect(pool.take(50_000).buffer).not.toBe(first.buffer);
  });

  it('never takes in memory it did not allocate, and keeps at most maxFreePerSize', () => {
    const pool = new BufferPool({ maxFreePerSize: 1 });
    const foreign = Buffer.alloc(8192);
    pool.give(foreign);
    pool.give(Buffer.from('shared slab'));
    expect(pool.take(8192).buffer).not.toBe(foreign.buffer);
    const [a, b] = [pool.take(2000), pool.take(2000)];
    pool.give(a);
    pool.give(b);
    expect(pool.take(2000).buffer).toBe(a.buffer);
    expect(pool.take(2000).buffer).not.toBe(b.buffer);
  });
});
