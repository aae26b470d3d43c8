import { LRUCache } from 'lru-cache';

/** How a cache is made: its name and bounds, and how long its entries are kept. */
export interface NamedCacheOptions<V> {
  /** How `/metrics` and purges name it (lower_snake_case), unique in its registry. */
  name: string;
  /** At most this many entries; 0 keeps nothing (a cache turned off by configuration). */
  max?: number | undefined;
  /** At most this many bytes, as `bytesOf` weighs each entry; 0 keeps nothing. */
  maxBytes?: number | undefined;
  /** What an entry weighs in bytes; needed with `maxBytes`. */
  bytesOf?: ((value: V, key: string) => number) | undefined;
  /** Milliseconds an entry is kept after it is set; none: until pushed out or purged. */
  ttlMs?: number | undefined;
  /** The time in milliseconds since the epoch (a test's clock); Date.now by default. */
  now?: (() => number) | undefined;
}

/** What `/metrics` shows of a cache. */
export interface CacheStats {
  name: string;
  /** Look-ups answered from the cache (or by joining a load under way). */
  hits: number;
  /** Look-ups that found nothing to use (and loaded, when they fetched). */
  misses: number;
  /** Entries held, expired ones not yet looked up among them. */
  entries: number;
  /** What they weigh, for a cache bounded by bytes. */
  bytes: number | undefined;
}

/** A loaded value already past its `until`: given to the load's callers, not kept. */
class Unkept extends Error {
  readonly value: unknown;
  constructor(value: unknown) {
    super('loaded value not kept');
    this.value = value;
  }
}

/** A load that `fetch` runs once for every caller asking for the same key meanwhile. */
interface Load<V> {
  load: () => Promise<V>;
  until: ((value: V) => number | undefined) | undefined;
}

/**
 * A bounded cache of string keys on lru-cache: at most `max` entries or `maxBytes` bytes, the
 * least recently used going first, each kept `ttlMs` at most; it counts hits and misses for
 * `/metrics` and is purged by its name (CacheRegistry).
 *
 * An entry is kept until its age reaches `ttlMs` (or `until`), as a Cache-Control max-age: at
 * that millisecond it is gone. lru-cache keeps one while its age is at most its ttl, so it is
 * given one millisecond less (the clocks here count whole milliseconds).
 *
 * A purge (`delete`, `clear`) during a `fetch` lets the load finish for its callers, but its
 * value is neither kept nor given to later callers, who load again: it may have been read
 * before what the purge announced. `purges` lets callers that load by other means do the same.
 */
export class NamedCache<V extends NonNullable<unknown>> {
  readonly name: string;
  /** Undefined when the cache keeps nothing (a bound of 0). */
  readonly #lru: LRUCache<string, V, Load<V>> | undefined;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #bounded: 'count' | 'bytes';
  #hits = 0;
  #misses = 0;
  #purges = 0;

  constructor(options: NamedCacheOptions<V>) {
    const { name, max, maxBytes, bytesOf, ttlMs } = options;
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new TypeError(`cache name ${name}: a_b_c only`);
    if (max === undefined && maxBytes === undefined) {
      throw new TypeError(`cache ${name}: max or maxBytes is needed (every cache is bounded)`);
    }
    if (maxBytes !== undefined && !bytesOf) {
      throw new TypeError(`cache ${name}: maxBytes needs bytesOf`);
    }
    if (ttlMs !== undefined && !(Number.isInteger(ttlMs) && ttlMs >= 2)) {
      throw new TypeError(`cache ${name}: ttlMs must be a whole number of ms, at least 2`);
    }
    this.name = name;
    this.#ttlMs = ttlMs ?? 0;
    this.#now = options.now ?? (() => Date.now());
    this.#bounded = maxBytes === undefined ? 'count' : 'bytes';
    if (max === 0 || maxBytes === 0) return;
    const now = this.#now;
    this.#lru = new LRUCache<string, V, Load<V>>({
      // 0 is lru-cache's "no such bound" (one of the two is given).
      max: max ?? 0,
      maxSize: maxBytes ?? 0,
      sizeCalculation: maxBytes === undefined ? undefined : bytesOf,
      ttl: ttlMs === undefined ? 0 : ttlMs - 1,
      // Read the clock on every look-up (lru-cache would otherwise keep a reading for 1 ms with
      // a timer each time), and never as 0, which lru-cache takes for "no ttl".
      ttlResolution: 0,
      perf: { now: () => now() || Number.MIN_VALUE },
      // A purge during a load: the load's callers still get its value, but it is not kept.
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { options, context }) => {
        const value = await context.load();
        const until = context.until?.(value);
        if (until === undefined) return value;
        const ttl = this.#lruTtl(until - this.#now());
        // A rejected fetch is not kept (a ttl of 0 would keep it for good); fetch unwraps it.
        if (ttl === 0) throw new Unkept(value);
        options.ttl = ttl;
        return value;
      },
    });
  }

  /** Look-ups answered from the cache. */
  get hits(): number {
    return this.#hits;
  }

  /** Look-ups that found nothing to use. */
  get misses(): number {
    return this.#misses;
  }

  /** Entries held (expired ones not yet looked up among them). */
  get size(): number {
    return this.#lru?.size ?? 0;
  }

  /** What the entries weigh (bytesOf), for a cache bounded by bytes; else 0. */
  get bytes(): number {
    return this.#lru?.calculatedSize ?? 0;
  }

  /** How many purges (`delete`, `clear`) there have been: a load started before one is not kept. */
  get purges(): number {
    return this.#purges;
  }

  /**
   * The value kept under `key`, counted as a hit, and now the most recently used; or undefined,
   * counted as a miss. `usable` may refuse a kept value (it then counts as a miss, and stays
   * until replaced): one kept for other content, or that lacks what is asked for.
   */
  get(key: string, usable?: (value: V) => boolean): V | undefined {
    const value = this.#lru?.get(key);
    if (value !== undefined && (!usable || usable(value))) {
      this.#hits++;
      return value;
    }
    this.#misses++;
    return undefined;
  }

  /** The value kept under `key`, without counting a look-up or making it recently used. */
  peek(key: string): V | undefined {
    return this.#lru?.peek(key);
  }

  /**
   * Keeps `value` under `key` for ttlMs, or until `until` (ms since the epoch) when that is
   * sooner: nothing is kept when `until` has come.
   */
  set(key: string, value: V, options?: { until?: number | undefined }): void {
    if (!this.#lru) return;
    const until = options?.until;
    if (until === undefined) {
      this.#lru.set(key, value);
      return;
    }
    const ttl = this.#lruTtl(until - this.#now());
    if (ttl === 0) this.#lru.delete(key);
    else this.#lru.set(key, value, { ttl });
  }

  /**
   * The value kept under `key` (a hit), or the one `load` gives (a miss), kept. Callers asking
   * for the same key while it loads share that load (and count as hits: it costs them
   * nothing). A failed load is not kept: its callers get its error, and the next caller loads
   * again. `until` may say when a loaded value stops being right (kept no longer).
   */
  fetch(key: string, load: () => Promise<V>, until?: (value: V) => number | undefined): Promise<V> {
    if (!this.#lru) {
      this.#misses++;
      return load();
    }
    // A kept value costs one look-up and one resolved promise (the hot path: API keys).
    const kept = this.#lru.get(key);
    if (kept !== undefined) {
      this.#hits++;
      return Promise.resolve(kept);
    }
    const status: LRUCache.Status<string, V, Load<V>> = {};
    const answer = this.#lru.fetch(key, { context: { load, until }, status });
    if (status.fetch === 'inflight') this.#hits++;
    else this.#misses++;
    // Never undefined: a load gives a value or throws, and a purge lets its callers have it.
    return (answer as Promise<V>).catch((error: unknown) => {
      if (error instanceof Unkept) return error.value as V;
      throw error;
    });
  }

  /** The keys held, most recently used first. */
  keys(): string[] {
    return this.#lru ? [...this.#lru.keys()] : [];
  }

  /** Forgets the value kept under `key` (a load of it under way is not kept). */
  delete(key: string): void {
    this.#purges++;
    this.#lru?.delete(key);
  }

  /** Forgets every value (loads under way are not kept). */
  clear(): void {
    this.#purges++;
    this.#lru?.clear();
  }

  stats(): CacheStats {
    return {
      name: this.name,
      hits: this.#hits,
      misses: this.#misses,
      entries: this.size,
      bytes: this.#bounded === 'bytes' ? this.bytes : undefined,
    };
  }

  /**
   * lru-cache's ttl for an entry to be gone once `ms` have passed (the cache's own ttlMs at
   * most); 0 when it should not be kept at all.
   */
  #lruTtl(ms: number): number {
    const kept = this.#ttlMs > 0 ? Math.min(this.#ttlMs, ms) : ms;
    return kept >= 2 ? Math.floor(kept) - 1 : 0;
  }
}
