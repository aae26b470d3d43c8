import { describe, expect, it } from 'vitest';
import { CacheRegistry } from '../cache/cache-registry.ts';
import { CachePurge } from './cache-purge.ts';

function caches() {
  const registry = new CacheRegistry();
  const purge = new CachePurge(registry);
  const made = {
    json: registry.create<string>({ name: 'gif_json', max: 10 }),
    files: registry.create<string>({ name: 'servable_renditions', max: 10 }),
    lists: registry.create<string>({ name: 'public_lists', max: 10 }),
    other: registry.create<string>({ name: 'api_keys', max: 10 }),
  };
  purge.register('gif_json', 'gif-content');
  purge.register('servable_renditions', 'gif');
  purge.register('public_lists', 'all');
  for (const cache of Object.values(made)) {
    cache.set('g1', 'one');
    cache.set('g2', 'two');
  }
  return { registry, purge, ...made };
}

describe('CachePurge', () => {
  it("names each registered cache's part of a GIF's purge, by cache name", () => {
    const { purge } = caches();
    expect(purge.dropsFor('g1')).toEqual([
      { cache: 'gif_json', key: 'g1' },
      { cache: 'servable_renditions', key: 'g1' },
      { cache: 'public_lists' },
    ]);
    // Which GIF is not known: what is kept by content stays.
    expect(purge.dropsFor(null)).toEqual([
      { cache: 'servable_renditions' },
      { cache: 'public_lists' },
    ]);
  });

  it('drops those entries, and only those', () => {
    const { purge, json, files, lists, other } = caches();
    purge.purge('g1');
    expect(json.keys()).toEqual(['g2']);
    expect(files.keys()).toEqual(['g2']);
    expect(lists.size).toBe(0);
    expect(other.size).toBe(2);
    purge.purge(null);
    expect([json.size, files.size, other.size]).toEqual([1, 0, 2]);
  });

  it("drops another node's drops by name, skipping caches this node lacks", () => {
    const { purge, json, lists, other } = caches();
    purge.drop([
      { cache: 'gif_json', key: 'g2' },
      { cache: 'no_such_cache' },
      { cache: 'api_keys' },
    ]);
    expect(json.keys()).toEqual(['g1']);
    expect(lists.size).toBe(2);
    expect(other.size).toBe(0);
  });
});
