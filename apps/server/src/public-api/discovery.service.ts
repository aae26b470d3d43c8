import type { Rating } from '../db/schema.ts';
import { randomBase62 } from '../lib/ids.ts';
import type { DiscoveryRepository } from './discovery.repository.ts';
import type { PageRequest } from './gif-list.repository.ts';
import { SearchCounter } from './search-counter.ts';

const SEARCH_COUNT_FLUSH_MS = 1_000;
/** How many trending searches a list holds unless asked for another number. */
export const TRENDING_SEARCHES = 20;

/** Autocomplete, related tags, trending searches and random ids (channel search: channels/). */
export class DiscoveryService {
  readonly #repo: DiscoveryRepository;
  readonly #searches: SearchCounter;
  /** (term, GIF id) pairs a search answer showed, for the creator dashboard. */
  readonly #surfaced: SearchCounter;
  constructor(deps: { repo: DiscoveryRepository; onError: (error: unknown) => void }) {
    this.#repo = deps.repo;
    this.#searches = new SearchCounter({
      write: (counts) => deps.repo.recordSearches(counts),
      flushMs: SEARCH_COUNT_FLUSH_MS,
      onError: deps.onError,
    });
    this.#surfaced = new SearchCounter({
      write: (counts) =>
        deps.repo.recordSurfaced(
          counts.map(([key, n]) => [...(key.split('\n') as [string, string]), n] as const),
        ),
      flushMs: SEARCH_COUNT_FLUSH_MS,
      onError: deps.onError,
      maxPendingTerms: 50_000,
    });
  }

  /**
   * Counts that a search for `term` showed these GIFs (the searches that surfaced a creator's
   * GIFs), batched like search counts.
   */
  recordSurfaced(term: string, gifIds: readonly string[]): void {
    const normalised = term.toLowerCase().replace(/\s+/g, ' ').trim();
    if (!normalised) return;
    for (const id of gifIds) this.#surfaced.count(`${normalised}\n${id}`);
  }

  /** Counts a search so trending searches reflect what people look for (first pages only). */
  recordSearch(term: string): void {
    this.#searches.count(term.toLowerCase().replace(/\s+/g, ' '));
  }

  /** Writes the searches counted but not yet stored (at shutdown). */
  async flushSearchCounts(): Promise<void> {
    await Promise.all([this.#searches.flush(), this.#surfaced.flush()]);
  }

  /** The most searched terms of the last week, most first (a page of them; 20 by default). */
  async trendingSearches(
    page: PageRequest = { limit: TRENDING_SEARCHES, offset: 0 },
  ): Promise<string[]> {
    await this.#searches.flush();
    return this.#repo.trendingTerms(page);
  }

  /** Tags that complete `q` on GIFs of `ratings` (any rating when left out, as Tenor's call). */
  async completeTag(q: string, page: PageRequest, ratings?: Rating[]): Promise<{ name: string }[]> {
    const tags = await this.#repo.completeTag(q.toLowerCase(), page, ratings ?? null);
    return tags.map(({ name }) => ({ name }));
  }

  /** Tags found with `tag` on ready public GIFs (of one type and ratings, when `only` says). */
  relatedTags(
    tag: string,
    page: PageRequest,
    only?: { type?: 'gif' | 'sticker'; ratings?: Rating[] },
  ): Promise<{ name: string; score: number }[]> {
    return this.#repo.relatedTags(tag.toLowerCase(), page, only);
  }

  /** GIPHY's per-user random id for analytics; no state is kept for it. */
  newRandomId(): string {
    return randomBase62(32).toLowerCase();
  }
}
