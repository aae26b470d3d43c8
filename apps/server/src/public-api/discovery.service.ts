import { randomBase62 } from '../lib/ids.ts';
import type { DiscoveryRepository } from './discovery.repository.ts';
import { SearchCounter } from './search-counter.ts';

const SEARCH_COUNT_FLUSH_MS = 1_000;

/** Autocomplete, related tags, trending searches and random ids (channel search: channels/). */
export class DiscoveryService {
  readonly #repo: DiscoveryRepository;
  readonly #searches: SearchCounter;
  constructor(deps: { repo: DiscoveryRepository; onError: (error: unknown) => void }) {
    this.#repo = deps.repo;
    this.#searches = new SearchCounter({
      write: (counts) => deps.repo.recordSearches(counts),
      flushMs: SEARCH_COUNT_FLUSH_MS,
      onError: deps.onError,
    });
  }

  /** Counts a search so trending searches reflect what people look for (first pages only). */
  recordSearch(term: string): void {
    this.#searches.count(term.toLowerCase().replace(/\s+/g, ' '));
  }

  /** Writes the searches counted but not yet stored (at shutdown). */
  flushSearchCounts(): Promise<void> {
    return this.#searches.flush();
  }

  async trendingSearches(limit = 20): Promise<string[]> {
    await this.#searches.flush();
    return this.#repo.trendingTerms(limit);
  }

  async completeTag(q: string, limit: number): Promise<{ name: string }[]> {
    const tags = await this.#repo.completeTag(q.toLowerCase(), limit);
    return tags.map(({ name }) => ({ name }));
  }

  relatedTags(tag: string, limit: number): Promise<{ name: string; score: number }[]> {
    return this.#repo.relatedTags(tag.toLowerCase(), limit);
  }

  /** GIPHY's per-user random id for analytics; no state is kept for it. */
  newRandomId(): string {
    return randomBase62(32).toLowerCase();
  }
}
