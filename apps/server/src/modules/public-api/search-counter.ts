/**
 * Counts searches for trending searches without a write per search: counts gather in memory
 * and go to the database in one statement at most every `flushMs`. A crash loses at most that
 * long of counts (a statistic, not anything a caller was promised); a failed write keeps them
 * for the next try. While writes fail (the database is away), at most `maxPendingTerms` terms
 * are kept: searches for new terms past that are not counted, rather than memory growing with
 * every distinct search for as long as the outage lasts.
 */
export class SearchCounter {
  readonly #write: (counts: [term: string, searches: number][]) => Promise<void>;
  readonly #flushMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #maxPendingTerms: number;
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: {
    write: (counts: [term: string, searches: number][]) => Promise<void>;
    flushMs: number;
    onError: (error: unknown) => void;
    maxPendingTerms?: number;
  }) {
    this.#write = options.write;
    this.#flushMs = options.flushMs;
    this.#onError = options.onError;
    this.#maxPendingTerms = options.maxPendingTerms ?? 10_000;
  }

  count(term: string): void {
    this.#add(term, 1);
    this.#timer ??= setTimeout(() => {
      this.flush().catch(this.#onError);
    }, this.#flushMs).unref();
  }

  /** Writes what has gathered (also before reading trending searches, and at shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    try {
      await this.#write([...batch]);
    } catch (error) {
      for (const [term, n] of batch) this.#add(term, n);
      throw error;
    }
  }

  #add(term: string, searches: number): void {
    const counted = this.#pending.get(term);
    if (counted === undefined && this.#pending.size >= this.#maxPendingTerms) return;
    this.#pending.set(term, (counted ?? 0) + searches);
  }
}
