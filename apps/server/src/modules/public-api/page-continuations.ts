import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';

/** Where a page of a ranked search ended: its last GIF's score and id. */
export interface PageEnd {
  /** The score as PostgreSQL writes a real: the shortest text that reads back the same. */
  score: string;
  gifId: string;
}

/**
 * Where recent pages of each ranked search ended, so the page after one (the next offset, as a
 * scrolling client asks for it) is read from there: a page then costs its own length in index
 * entries, not its offset plus its length (a client at offset 4975 would read 5,000).
 *
 * When nothing changed in between, that page holds exactly the GIFs its offset does. When scores
 * changed, it holds the GIFs that come after the ones the client was shown, which is what a
 * scrolling client wants: offset paging would then repeat some or skip some. An end is kept for
 * `ttlMs`, a scroll's worth of time, and the least recently used goes first once `maxEntries`
 * are kept (the registry's `ranked_page_ends`).
 */
export class PageContinuations {
  readonly #ends: NamedCache<PageEnd>;

  constructor(options: { caches: CacheRegistry; ttlMs: number; maxEntries: number }) {
    this.#ends = options.caches.create({
      name: 'ranked_page_ends',
      max: options.maxEntries,
      ttlMs: options.ttlMs,
    });
  }

  /**
   * The name it is purged by (every page end, when a GIF leaves or comes back and offsets
   * move) and shown under on `/metrics`.
   */
  get name(): string {
    return this.#ends.name;
  }

  /** Where the page of `search` (a key naming the search and its filter) ending at `offset` ended. */
  endBefore(search: string, offset: number): PageEnd | undefined {
    return this.#ends.get(`${offset}|${search}`);
  }

  /** Keeps where the page of `search` that ends at `offset` (its offset plus its length) ended. */
  keep(search: string, offset: number, end: PageEnd): void {
    this.#ends.set(`${offset}|${search}`, end);
  }
}
