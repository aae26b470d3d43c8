import { describe, expect, it } from 'vitest';
import { CacheRegistry } from './cache-registry.ts';

describe('CacheRegistry', () => {
  it('purges a cache by name: one key, or all of it', () => {
    const caches = new CacheRegistry();
    const gifs = caches.create<string>({ name: 'gif_json', max: 10 });
    const lists = caches.create<string>({ name: 'public_lists', max: 10 });
    gifs.set('g1', 'one');
    gifs.set('g2', 'two');
    lists.set('search', 'answer');

    expect(caches.purge('gif_json', 'g1')).toBe(true);
    expect(gifs.keys().sort()).toEqual(['g2']);
    expect(lists.peek('search')).toBe('answer');
    expect(caches.purge('public_lists')).toBe(true);
    expect(lists.size).toBe(0);
    expect(gifs.size).toBe(1);
    // A name this node does not hold (another version's cache) purges nothing.
    expect(caches.purge('no_such_cache')).toBe(false);
  });

  it("shows every cache's hits, misses and size", () => {
    const caches = new CacheRegistry();
    const words = caches.create<string>({ name: 'words', max: 10 });
    caches.create<string>({ name: 'texts', maxBytes: 100, bytesOf: (text) => text.length });
    words.set('a', 'apple');
    words.get('a');
    words.get('b');
    caches.get('texts')!.set('t', 'abc');
    expect(caches.stats()).toEqual([
      { name: 'words', hits: 1, misses: 1, entries: 1, bytes: undefined },
      { name: 'texts', hits: 0, misses: 0, entries: 1, bytes: 3 },
    ]);
  });

  it('refuses a second cache of the same name, while another registry may have one', () => {
    const caches = new CacheRegistry();
    caches.create({ name: 'words', max: 10 });
    expect(() => caches.create({ name: 'words', max: 5 })).toThrow(/already registered/);
    expect(() => new CacheRegistry().create({ name: 'words', max: 10 })).not.toThrow();
  });
});
