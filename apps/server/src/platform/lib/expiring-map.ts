import { systemClock, type Clock } from './clock.ts';

/**
 * Values kept for `ttlMs` each, at most `maxEntries` of them: past that, the one kept longest
 * ago goes first (a Map iterates in insertion order, and keeping a key again moves it last).
 */
export class ExpiringMap<V> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, { value: V; until: number }>();
  readonly #now: Clock;

  constructor(options: { ttlMs: number; maxEntries: number; now?: Clock }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? systemClock;
  }

  /** The value kept under `key`, unless it is older than ttlMs. */
  get(key: string): V | undefined {
    const kept = this.#entries.get(key);
    if (!kept) return undefined;
    if (kept.until > this.#now()) return kept.value;
    this.#entries.delete(key);
    return undefined;
  }

  /** Entries held, some of which may have expired but not been looked up since. */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets the value kept under `key`. */
  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Forgets every value. */
  clear(): void {
    this.#entries.clear();
  }

  /**
   * Keeps `value` under `key` for ttlMs from now, or until `until` when that is sooner (nothing
   * is kept when ttlMs is 0 or `until` has passed).
   */
  set(key: string, value: V, until = Infinity): void {
    this.#entries.delete(key);
    const now = this.#now();
    const keptUntil = Math.min(now + this.#ttlMs, until);
    if (keptUntil <= now) return;
    if (this.#entries.size >= this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, { value, until: keptUntil });
  }
}
