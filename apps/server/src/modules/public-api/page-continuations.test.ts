import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import { PageContinuations } from './page-continuations.ts';

describe('page continuations', () => {
  afterEach(() => vi.useRealTimers());
  const end = (gifId: string) => ({ score: '1.5', gifId });

  it('gives where the page of the same search ending at that offset ended, for ttlMs', () => {
    vi.useFakeTimers();
    const ends = new PageContinuations({
      caches: new CacheRegistry(),
      ttlMs: 60_000,
      maxEntries: 10,
    });
    ends.keep('cat', 25, end('a'));
    expect(ends.endBefore('cat', 25)).toEqual(end('a'));
    expect(ends.endBefore('cat', 50)).toBeUndefined();
    expect(ends.endBefore('dog', 25)).toBeUndefined();
    vi.advanceTimersByTime(60_001);
    expect(ends.endBefore('cat', 25)).toBeUndefined();
  });

  it('lets the least recently used end go once maxEntries are kept', () => {
    const ends = new PageContinuations({
      caches: new CacheRegistry(),
      ttlMs: 60_000,
      maxEntries: 2,
    });
    ends.keep('cat', 25, end('a'));
    ends.keep('cat', 50, end('b'));
    ends.keep('cat', 75, end('c'));
    expect(ends.endBefore('cat', 25)).toBeUndefined();
    expect(ends.endBefore('cat', 50)).toEqual(end('b'));
    expect(ends.endBefore('cat', 75)).toEqual(end('c'));
  });
});
