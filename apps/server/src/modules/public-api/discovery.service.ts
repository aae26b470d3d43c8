import type { Rating } from '../../platform/db/schema.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import { randomBase62 } from '../../platform/lib/ids.ts';
import { allowedPage } from './allowed-page.ts';
import type {
  DiscoveryRepository,
  SearchVisitorCount,
  TrendingCandidateRow,
} from './discovery.repository.ts';
import type { PageRequest } from './gif-list.repository.ts';
import { SearchCounter } from './search-counter.ts';
import type { SearchVisitorHasher } from './search-visitor-hash.ts';
import { normaliseSearchTerm } from './search-words.ts';
import type { TermRefusal, TrendingTermRules } from './trending-term-rules.ts';

const SEARCH_COUNT_FLUSH_MS = 1_000;
/** How many trending searches a list holds unless asked for another number. */
export const TRENDING_SEARCHES = 20;
/** The trending window: searches of this many UTC days, today's included, count. */
export const TRENDING_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A term people searched, as moderators review it: would it show, and if not, why not. */
export interface TrendingCandidate extends TrendingCandidateRow {
  refusal: TermRefusal | 'too_few_visitors' | null;
}

/** The UTC day of a time, `YYYY-MM-DD`. */
const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Autocomplete, related tags, trending searches and random ids (channel search: channels/). */
export class DiscoveryService {
  readonly #repo: DiscoveryRepository;
  readonly #rules: TrendingTermRules;
  readonly #visitors: SearchVisitorHasher;
  readonly #minVisitors: number;
  readonly #clock: Clock;
  /** (day, visitor, term) of searches that found GIFs, for trending searches. */
  readonly #searches: SearchCounter;
  /** (term, GIF id) pairs a search answer showed, for the creator dashboard. */
  readonly #surfaced: SearchCounter;
  /** The UTC day whose older visitors were last forgotten by this process. */
  #forgottenOn: string | undefined;

  constructor(deps: {
    repo: DiscoveryRepository;
    /** The moderators' hidden terms and blocked phrases. */
    rules: TrendingTermRules;
    visitors: SearchVisitorHasher;
    /** How many distinct visitors (on one day of the window) a term needs to trend. */
    minVisitors: number;
    clock: Clock;
    onError: (error: unknown) => void;
  }) {
    this.#repo = deps.repo;
    this.#rules = deps.rules;
    this.#visitors = deps.visitors;
    this.#minVisitors = deps.minVisitors;
    this.#clock = deps.clock;
    this.#searches = new SearchCounter({
      write: (counts) => this.#writeSearches(counts),
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

  /**
   * Counts a search that found GIFs so trending searches reflect what people look for (first
   * pages only). `visitor` says who searched (`user:<id>` or `address:<bucket>`, see
   * searchVisitor): it is kept in memory until the next write, and stored only hashed.
   */
  recordSearch(term: string, visitor: string): void {
    const normalised = normaliseSearchTerm(term);
    if (!normalised) return;
    // No part holds a line break: the term's white space is single spaces.
    this.#searches.count(`${utcDay(this.#clock())}\n${visitor}\n${normalised}`);
  }

  async #writeSearches(counts: [key: string, searches: number][]): Promise<void> {
    const rows: SearchVisitorCount[] = await Promise.all(
      counts.map(async ([key, searches]) => {
        const [day, visitor, term] = key.split('\n') as [string, string, string];
        return { term, day, visitor: await this.#visitors.hash(day, visitor), searches };
      }),
    );
    await this.#repo.recordSearchVisitors(rows);
    // Once a day per process, the days that left the window go.
    const today = utcDay(this.#clock());
    if (this.#forgottenOn !== today) {
      await this.#repo.forgetSearchVisitorsBefore(
        utcDay(this.#clock() - (TRENDING_WINDOW_DAYS - 1) * DAY_MS),
      );
      this.#forgottenOn = today;
    }
  }

  /** Writes the searches counted but not yet stored (at shutdown). */
  async flushSearchCounts(): Promise<void> {
    await Promise.all([this.#searches.flush(), this.#surfaced.flush()]);
  }

  /**
   * What trending searches show, most visitors first (a page of them; 20 by default): terms
   * that found GIFs for at least `minVisitors` distinct visitors on one day of the window, and
   * that no moderator hid and no blocked phrase matches.
   */
  async trendingSearches(
    page: PageRequest = { limit: TRENDING_SEARCHES, offset: 0 },
  ): Promise<string[]> {
    await this.#searches.flush();
    const allowed = await this.#rules.allowed();
    const candidates = (chunk: PageRequest) =>
      this.#repo.trendingCandidates({
        days: TRENDING_WINDOW_DAYS,
        minVisitors: this.#minVisitors,
        page: chunk,
      });
    const shown = await allowedPage(candidates, (row) => allowed(row.term), page);
    return shown.map((row) => row.term);
  }

  /**
   * Every term searched (with GIFs found) in the window, most visitors first, with whether it
   * would show among trending searches and, if not, why not: for moderators.
   */
  async trendingCandidates(page: PageRequest): Promise<TrendingCandidate[]> {
    await this.#searches.flush();
    const rows = await this.#repo.trendingCandidates({
      days: TRENDING_WINDOW_DAYS,
      minVisitors: 1,
      page,
    });
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        refusal:
          (await this.#rules.refusal(row.term)) ??
          (row.visitors < this.#minVisitors ? 'too_few_visitors' : null),
      })),
    );
  }

  /** Registers what to forget when moderators hide a term or change the blocked phrases. */
  whenTermRulesChange(forget: () => void): void {
    this.#rules.whenChanged(forget);
  }

  /** How many distinct visitors (on one day of the window) a term needs to trend. */
  get minVisitors(): number {
    return this.#minVisitors;
  }

  /**
   * Tags that complete `q` on GIFs of `ratings` (any rating when left out, as Tenor's call),
   * without the hidden and blocked terms.
   */
  async completeTag(q: string, page: PageRequest, ratings?: Rating[]): Promise<{ name: string }[]> {
    const allowed = await this.#rules.allowed();
    const tags = await allowedPage(
      (chunk) => this.#repo.completeTag(q.toLowerCase(), chunk, ratings ?? null),
      (tag) => allowed(tag.name),
      page,
    );
    return tags.map(({ name }) => ({ name }));
  }

  /** Whether a term may be suggested: no moderator hid it and no blocked phrase is in it. */
  allowedTerms(): Promise<(term: string) => boolean> {
    return this.#rules.allowed();
  }

  /** `terms` without the hidden and blocked ones (suggestions made of tags). */
  async withoutRefusedTerms(terms: readonly string[]): Promise<string[]> {
    const allowed = await this.#rules.allowed();
    return terms.filter(allowed);
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
