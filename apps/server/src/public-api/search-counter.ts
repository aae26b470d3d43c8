/**
 * Counts searches for trending searches without a write per search: counts gather in memory
 * and go to the database in one statement at most every `flushMs`. A crash loses at most that
 * long of counts (a statistic, not anything a caller was promised); a failed write keeps them
 * for the next try.
 */
export class SearchCounter {
  readonly #write: (counts: [term: string, searches: number][]) => Promise<void>;
  readonly #flushMs: number;
  readonly #onError: (error: unknown) => void;
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(options: {
    write: (counts: [term: string, searches: number][]) => Promise<void>;
    flushMs: number;
    onError: (error: unknown) => void;
  }) {
    this.#write = options.write;
    this.#flushMs = options.flushMs;
    this.#onError = options.onError;
  }

  count(term: string): void {
    this.#pending.set(term, (this.#pending.get(term) ?? 0) + 1);
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
      for (const [term, n] of batch) this.#pending.set(term, (this.#pending.get(term) ?? 0) + n);
      throw error;
    }
  }
}
