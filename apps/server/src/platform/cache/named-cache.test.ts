import { describe, expect, it } from 'vitest';
import { NamedCache } from './named-cache.ts';

/** A clock a test moves by hand. */
function testClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A load a test resolves when it chooses, counting how often it ran. */
function deferredLoads<V>() {
  const pending: ((value: V) => void)[] = [];
  let runs = 0;
  return {
    load: () => {
      runs++;
      return new Promise<V>((resolve) => pending.push(resolve));
    },
    resolve: (value: V) => pending.shift()!(value),
    get runs() {
      return runs;
    },
  };
}

describe('NamedCache', () => {
  it('keeps an entry for ttlMs and forgets it at that millisecond', () => {
    const clock = testClock();
    const cache = new NamedCache<string>({ name: 'words', max: 10, ttlMs: 100, now: clock.now });
    cache.set('a', 'apple');
    clock.advance(99);
    expect(cache.get('a')).toBe('apple');
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps an entry no later than its until, and not at all once that has come', () => {
    const clock = testClock();
    const cache = new NamedCache<string>({ name: 'words', max: 10, ttlMs: 100, now: clock.now });
    cache.set('soon', 'x', { until: clock.now() + 10 });
    cache.set('later', 'y', { until: clock.now() + 1_000 });
    cache.set('past', 'z', { until: clock.now() });
    expect(cache.get('past')).toBeUndefined();
    clock.advance(9);
    expect(cache.get('soon')).toBe('x');
    clock.advance(1);
    expect(cache.get('soon')).toBeUndefined();
    // The cache's own ttl still bounds a later until.
    clock.advance(90);
    expect(cache.get('later')).toBeUndefined();
  });

  it('keeps at most max entries, the least recently used going first', () => {
    const cache = new NamedCache<number>({ name: 'numbers', max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a'); // b is now the least recently used
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(1);
    expect(cache.peek('c')).toBe(3);
  });

  it('keeps at most maxBytes, as bytesOf weighs the entries', () => {
    const cache = new NamedCache<string>({
      name: 'texts',
      maxBytes: 10,
      bytesOf: (text) => text.length,
    });
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    expect(cache.bytes).toBe(8);
    cache.set('c', 'zzzz'); // 12 bytes: a, the least recently used, goes
    expect(cache.keys().sort()).toEqual(['b', 'c']);
    expect(cache.bytes).toBe(8);
    cache.set('big', 'w'.repeat(11)); // more than the whole bound: not kept
    expect(cache.peek('big')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 8 });
  });

  it('keeps nothing with a bound of 0', async () => {
    const cache = new NamedCache<string>({ name: 'off', max: 0 });
    cache.set('a', 'x');
    expect(cache.get('a')).toBeUndefined();
    expect(await cache.fetch('a', () => Promise.resolve('y'))).toBe('y');
    expect(cache.size).toBe(0);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 2 });
  });

  it('refuses a cache without a bound', () => {
    expect(() => new NamedCache({ name: 'unbounded', ttlMs: 1_000 })).toThrow(/bounded/);
  });

  it('counts hits and misses of get, and a value refused as not usable as a miss', () => {
    const cache = new NamedCache<string>({ name: 'words', max: 10 });
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'apple');
    expect(cache.get('a')).toBe('apple');
    expect(cache.get('a', (kept) => kept === 'avocado')).toBeUndefined();
    expect(cache.stats()).toEqual({
      name: 'words',
      hits: 1,
      misses: 2,
      entries: 1,
      bytes: undefined,
    });
  });

  it('fetch loads once for callers asking together, who count as hits', async () => {
    const cache = new NamedCache<string>({ name: 'words', max: 10 });
    const loads = deferredLoads<string>();
    const first = cache.fetch('a', loads.load);
    const second = cache.fetch('a', loads.load);
    loads.resolve('apple');
    expect(await Promise.all([first, second])).toEqual(['apple', 'apple']);
    expect(await cache.fetch('a', loads.load)).toBe('apple');
    expect(loads.runs).toBe(1);
    expect([cache.hits, cache.misses]).toEqual([2, 1]);
  });

  it('fetch keeps a loaded value until its own until, and not at all once that has come', async () => {
    const clock = testClock();
    const cache = new NamedCache<string>({ name: 'lists', max: 10, ttlMs: 30_000, now: clock.now });
    let loads = 0;
    const load = (until: number) =>
      cache.fetch(
        'k',
        () => Promise.resolve(`load ${++loads}`),
        () => until,
      );
    expect(await load(clock.now() + 50)).toBe('load 1');
    clock.advance(49);
    expect(await load(0)).toBe('load 1');
    clock.advance(1);
    expect(await load(clock.now())).toBe('load 2');
    expect(await load(clock.now() + 50)).toBe('load 3');
    expect(cache.size).toBe(1);
  });

  it('fetch keeps no failed load', async () => {
    const cache = new NamedCache<string>({ name: 'words', max: 10 });
    await expect(cache.fetch('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.fetch('a', () => Promise.resolve('apple'))).toBe('apple');
    expect(cache.peek('a')).toBe('apple');
  });

  it('a purge during a load lets its callers have the value, but neither keeps nor shares it', async () => {
    const cache = new NamedCache<string>({ name: 'words', max: 10 });
    const loads = deferredLoads<string>();
    const before = cache.fetch('a', loads.load);
    const purges = cache.purges;
    cache.delete('a');
    expect(cache.purges).toBe(purges + 1);
    const after = cache.fetch('a', loads.load); // a load of its own, not the purged one
    loads.resolve('read before the purge');
    loads.resolve('read after');
    expect(await before).toBe('read before the purge');
    expect(await after).toBe('read after');
    expect(cache.peek('a')).toBe('read after');

    const cleared = cache.fetch('b', loads.load);
    cache.clear();
    loads.resolve('read before the clear');
    expect(await cleared).toBe('read before the clear');
    expect(cache.size).toBe(0);
  });
});
