import type { SearchSuggestions } from '@jiffy/contracts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';
import { MAX_AGE_SECONDS } from '../../platform/http/public-api-caching.ts';
import type { Rating } from '../../platform/db/schema.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import { allowedPage } from './allowed-page.ts';
import type { DiscoveryRepository } from './discovery.repository.ts';
import type { DiscoveryService } from './discovery.service.ts';
import { normaliseSearchTerm } from './search-words.ts';

/** How many near spellings a search that found nothing suggests. */
export const SIMILAR_SUGGESTIONS = 5;
/** How many popular searches it suggests besides. */
export const POPULAR_SUGGESTIONS = 8;

/**
 * What a search that found nothing offers instead, so the page is no dead end: tags spelled
 * like the term ("Did you mean"), then popular searches. For GIFs those are the trending
 * searches, topped up with the most used tags (a new instance has no trending searches yet);
 * for stickers only the most used sticker tags, since a trending search may find no sticker at
 * all. Every suggestion finds something of the type asked for, and none is a term the
 * moderators hid or blocked.
 */
export class SearchSuggestionsService {
  readonly #repo: DiscoveryRepository;
  readonly #discovery: DiscoveryService;
  // Kept as long as the API lets anyone keep a list: a misspelt search is common, and the
  // most used tags are a scan of every tag.
  readonly #similar: NamedCache<string[]>;
  readonly #popular: NamedCache<string[]>;

  constructor(deps: {
    repo: DiscoveryRepository;
    discovery: DiscoveryService;
    caches: CacheRegistry;
    clock: Clock;
  }) {
    this.#repo = deps.repo;
    this.#discovery = deps.discovery;
    const kept = { ttlMs: MAX_AGE_SECONDS * 1000, now: deps.clock };
    this.#similar = deps.caches.create({ ...kept, name: 'search_suggestions_similar', max: 500 });
    this.#popular = deps.caches.create({ ...kept, name: 'search_suggestions_popular', max: 20 });
    // A term the moderators hide leaves the suggestions at once.
    deps.discovery.whenTermRulesChange(() => {
      this.#similar.clear();
      this.#popular.clear();
    });
  }

  async suggestions(
    term: string,
    only: { type: 'gif' | 'sticker'; ratings: Rating[] },
  ): Promise<SearchSuggestions> {
    const normalised = normaliseSearchTerm(term);
    const kind = `${only.type}:${only.ratings.join(',')}`;
    const [similar, popular] = await Promise.all([
      this.#similar.fetch(`${kind}:${normalised}`, () => this.#similarTags(normalised, only)),
      this.#popular.fetch(kind, () => this.#popularSearches(only)),
    ]);
    const shown = new Set([normalised, ...similar]);
    return {
      similar,
      popular: popular.filter((name) => !shown.has(name)).slice(0, POPULAR_SUGGESTIONS),
    };
  }

  async #similarTags(
    term: string,
    only: { type: 'gif' | 'sticker'; ratings: Rating[] },
  ): Promise<string[]> {
    if (term === '') return [];
    const allowed = await this.#discovery.allowedTerms();
    return allowedPage((page) => this.#repo.similarTags({ ...only, term, page }), allowed, {
      limit: SIMILAR_SUGGESTIONS,
      offset: 0,
    });
  }

  /** More than are shown, so that leaving out the term and its near spellings leaves enough. */
  async #popularSearches(only: { type: 'gif' | 'sticker'; ratings: Rating[] }): Promise<string[]> {
    const wanted = POPULAR_SUGGESTIONS + SIMILAR_SUGGESTIONS + 1;
    const page = { limit: wanted, offset: 0 };
    const allowed = await this.#discovery.allowedTerms();
    const [trending, tags] = await Promise.all([
      only.type === 'gif' ? this.#discovery.trendingSearches(page) : [],
      allowedPage((chunk) => this.#repo.mostUsedTags({ ...only, page: chunk }), allowed, page),
    ]);
    return [...new Set([...trending, ...tags])].slice(0, wanted);
  }
}
