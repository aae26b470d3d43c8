import type { CacheRegistry } from '../cache/cache-registry.ts';

/** One cache's part of a purge, by the cache's name: its entry under `key`, or all of it. */
export interface CacheDrop {
  cache: string;
  key?: string | undefined;
}

/**
 * How a registered cache forgets when a GIF leaves or comes back: `gif`, its entry under the
 * GIF's id (all of it when which GIF is not known); `gif-content`, its entry under the GIF's id
 * only (what it keeps is kept with the content it was made from, so a GIF not named leaves
 * nothing wrong there); `all`, all of it whichever GIF.
 */
export type PurgeScope = 'gif' | 'gif-content' | 'all';

/**
 * What every kept answer does when a GIF leaves (takedown, delete) or comes back (restore):
 * caches register here by name where they are made, and the moderation service calls `purge`
 * in the same request, so no cached list, total or presented object shows the GIF afterwards.
 * It drops entries through the CacheRegistry by cache name and key (`dropsFor`); other nodes
 * on the same PostgreSQL server are sent the same drops (moderation/purge-broadcast.ts) and
 * `drop` them, so every node forgets the same entries.
 */
export class CachePurge {
  readonly #caches: CacheRegistry;
  readonly #scopes = new Map<string, PurgeScope>();

  constructor(caches: CacheRegistry) {
    this.#caches = caches;
  }

  /** Registers the cache named `cache` to forget as `scope` says when a GIF changes. */
  register(cache: string, scope: PurgeScope): void {
    this.#scopes.set(cache, scope);
  }

  /** What a change of `gifId` drops, cache by cache; null when which GIF is not known. */
  dropsFor(gifId: string | null): CacheDrop[] {
    const drops: CacheDrop[] = [];
    for (const [cache, scope] of this.#scopes) {
      if (scope === 'all') drops.push({ cache });
      else if (gifId !== null) drops.push({ cache, key: gifId });
      else if (scope === 'gif') drops.push({ cache });
    }
    return drops;
  }

  /** Forgets what is kept about `gifId`; null when which GIF is not known (a missed notice). */
  purge(gifId: string | null): void {
    this.drop(this.dropsFor(gifId));
  }

  /** Forgets the named entries (another node's purge); a cache this node lacks is skipped. */
  drop(drops: readonly CacheDrop[]): void {
    for (const { cache, key } of drops) this.#caches.purge(cache, key);
  }
}
