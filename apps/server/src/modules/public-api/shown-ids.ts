import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';

/**
 * The GIF ids each kept search answer shows, by the answer's key, so a search served from the
 * answer cache still counts which GIFs it surfaced. Bounded: past `maxEntries` the least
 * recently used go, and an answer whose ids were forgotten counts nothing until it is rendered
 * again (a statistic, not a promise).
 */
export class ShownIds {
  readonly #ids: NamedCache<readonly string[]>;
  constructor(caches: CacheRegistry, maxEntries: number) {
    this.#ids = caches.create({ name: 'shown_gif_ids', max: maxEntries });
  }

  remember(key: string, ids: readonly string[]): void {
    this.#ids.set(key, ids);
  }

  get(key: string): readonly string[] {
    return this.#ids.get(key) ?? [];
  }
}
