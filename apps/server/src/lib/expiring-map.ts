/**
 * Values kept for `ttlMs` each, at most `maxEntries` of them: past that, the one kept longest
 * ago goes first (a Map iterates in insertion order, and keeping a key again moves it last).
 */
export class ExpiringMap<V> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, { value: V; until: number }>();

  constructor(options: { ttlMs: number; maxEntries: number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
  }

  /** The value kept under `key`, unless it is older than ttlMs. */
  get(key: string): V | undefined {
    const kept = this.#entries.get(key);
    if (!kept) return undefined;
    if (kept.until > Date.now()) return kept.value;
    this.#entries.delete(key);
    return undefined;
  }

  /** Forgets every value. */
  clear(): void {
    this.#entries.clear();
  }

  /** Keeps `value` under `key` for ttlMs from now (nothing is kept when ttlMs is 0). */
  set(key: string, value: V): void {
    this.#entries.delete(key);
    if (this.#ttlMs <= 0) return;
    if (this.#entries.size >= this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, { value, until: Date.now() + this.#ttlMs });
  }
}
