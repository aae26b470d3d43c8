import { NamedCache, type CacheStats, type NamedCacheOptions } from './named-cache.ts';

/** A cache of any values, as the registry holds it. */
type AnyCache = NamedCache<NonNullable<unknown>>;

/**
 * A Jiffy's caches by name (one registry per Jiffy: several run in one test process). It makes
 * them, shows their counts to `/metrics`, and purges them by name, which is how a purge
 * announced by another node reaches the same entries here.
 */
export class CacheRegistry {
  readonly #caches = new Map<string, AnyCache>();

  /** A new cache, registered under its name (which no other cache here may have). */
  create<V extends NonNullable<unknown>>(options: NamedCacheOptions<V>): NamedCache<V> {
    if (this.#caches.has(options.name)) {
      throw new Error(`a cache named ${options.name} is already registered`);
    }
    const cache = new NamedCache<V>(options);
    this.#caches.set(cache.name, cache as unknown as AnyCache);
    return cache;
  }

  /** The cache registered as `name`, if there is one. */
  get(name: string): AnyCache | undefined {
    return this.#caches.get(name);
  }

  /**
   * Forgets `key` in the cache named `name`, or all of it when no key is given. False for a
   * name this registry does not hold (a node of another version may name caches this one lacks).
   */
  purge(name: string, key?: string): boolean {
    const cache = this.#caches.get(name);
    if (!cache) return false;
    if (key === undefined) cache.clear();
    else cache.delete(key);
    return true;
  }

  /** Every cache's counts and size, by name. */
  stats(): CacheStats[] {
    return [...this.#caches.values()].map((cache) => cache.stats());
  }
}
