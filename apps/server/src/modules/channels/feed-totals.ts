import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';
import type { FeedSource } from './channel-feed.repository.ts';

/** How long a feed's counted total is reused: a few pages' worth of a visit. */
export const FEED_TOTAL_MS = 10_000;
const MAX_KEPT = 2000;

/**
 * Feed totals, counted once and reused for a few seconds: counting a 10,000-GIF channel reads
 * every row of it (13 ms on PostgreSQL), ten times what its page costs. A change made through
 * this process forgets the channel's totals at once; GIFs that join by magic tag or leave by a
 * takedown show in the total within FEED_TOTAL_MS (the page itself is always current), as the
 * public API's trending total is.
 */
export class FeedTotals {
  readonly #kept: NamedCache<{ total: number }>;

  constructor(caches: CacheRegistry) {
    this.#kept = caches.create({
      name: 'channel_feed_totals',
      max: MAX_KEPT,
      ttlMs: FEED_TOTAL_MS,
    });
  }

  async get(
    request: { source: FeedSource; tag?: string | undefined },
    count: () => Promise<number>,
  ): Promise<number> {
    const key = keyOf(request.source, request.tag);
    const hit = this.#kept.get(key);
    if (hit) return hit.total;
    // A count under way when a channel's totals are forgotten may be of before the change.
    const purges = this.#kept.purges;
    const total = await count();
    if (purges === this.#kept.purges) this.#kept.set(key, { total });
    return total;
  }

  /** Keeps `total`, found exact by a page (the last one), in place of the kept one. */
  correct(request: { source: FeedSource; tag?: string | undefined }, total: number): void {
    const hit = this.#kept.peek(keyOf(request.source, request.tag));
    if (hit) hit.total = total;
  }

  /** Forgets every total of the channel (all its tags). */
  forget(channelId: number): void {
    const prefix = `c${channelId}|`;
    for (const key of this.#kept.keys()) if (key.startsWith(prefix)) this.#kept.delete(key);
  }
}

const keyOf = (source: FeedSource, tag: string | undefined) =>
  `${'channelId' in source ? `c${source.channelId}` : `u${source.userId}`}|${tag ?? ''}`;
