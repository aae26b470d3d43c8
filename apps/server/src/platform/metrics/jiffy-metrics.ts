import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheStats } from '../cache/named-cache.ts';

/** One job kind's backlog, as the queue's tables show it at scrape time. */
export interface QueueKindStats {
  kind: string;
  /** Waiting to run: new, or waiting for a retry. */
  waiting: number;
  active: number;
  /** Seconds since the oldest waiting job was enqueued; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/** A request that no route took (a miss, or a site page answered by the not-found handler). */
export const NO_ROUTE = '(no route)';

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/**
 * Jiffy's Prometheus metrics, in a registry of its own (not prom-client's global one), so two
 * Jiffys in one process (tests) count apart. Hot paths pay at most one histogram observation:
 * cache hits and misses are plain integers on the caches, and queue depth is one query, both
 * read only when Prometheus scrapes.
 */
export class JiffyMetrics {
  readonly registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status_code'>;
  readonly #jobs: Histogram<'kind' | 'outcome'>;
  readonly #pingbacks: Counter<'outcome'>;
  #cacheStats: () => readonly CacheStats[] = () => [];
  #queueStats: (() => Promise<QueueKindStats[]>) | undefined;
  /** One queue query per scrape, shared by the gauges that read it. */
  #scrapeStats: { at: number; stats: Promise<QueueKindStats[] | undefined> } | undefined;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Histogram({
      name: 'jiffy_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code, and how long they took.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.#jobs = new Histogram({
      name: 'jiffy_job_duration_seconds',
      help: 'Job attempts by kind and outcome (done or failed), and how long they ran.',
      labelNames: ['kind', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.#pingbacks = new Counter({
      name: 'jiffy_pingback_events_total',
      help: 'Pingback events received: stored, or dropped (malformed, or for no known GIF).',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of ['stored', 'dropped']) this.#pingbacks.inc({ outcome }, 0);

    const cacheStats = () => this.#cacheStats();
    new Counter({
      name: 'jiffy_cache_lookups_total',
      help: 'Lookups in kept answers by cache and result (hit: no load of its own; miss: loaded).',
      labelNames: ['cache', 'result'],
      registers,
      collect() {
        this.reset();
        for (const { name: cache, hits, misses } of cacheStats()) {
          this.inc({ cache, result: 'hit' }, hits);
          this.inc({ cache, result: 'miss' }, misses);
        }
      },
    });
    new Gauge({
      name: 'jiffy_cache_entries',
      help: 'Entries each cache holds (expired ones not yet looked up among them).',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const { name: cache, entries } of cacheStats()) this.set({ cache }, entries);
      },
    });
    new Gauge({
      name: 'jiffy_cache_bytes',
      help: 'What the entries of each cache bounded by bytes weigh.',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const { name: cache, bytes } of cacheStats()) {
          if (bytes !== undefined) this.set({ cache }, bytes);
        }
      },
    });
    const stats = () => this.#statsForScrape();
    new Gauge({
      name: 'jiffy_job_queue_depth',
      help: 'Jobs not yet ended by kind and state (waiting: new or waiting to retry; active).',
      labelNames: ['kind', 'state'],
      registers,
      async collect() {
        const kinds = await stats();
        this.reset();
        for (const { kind, waiting, active } of kinds ?? []) {
          this.set({ kind, state: 'waiting' }, waiting);
          this.set({ kind, state: 'active' }, active);
        }
      },
    });
    new Gauge({
      name: 'jiffy_job_queue_oldest_waiting_seconds',
      help: 'Age of the oldest waiting job of each kind, from when it was enqueued (0: none).',
      labelNames: ['kind'],
      registers,
      async collect() {
        const kinds = await stats();
        this.reset();
        for (const { kind, oldestWaitingSeconds } of kinds ?? []) {
          this.set({ kind }, oldestWaitingSeconds);
        }
      },
    });
  }

  /** One answered request: `route` is the route's pattern (never the URL), or undefined. */
  observeRequest(method: string, route: string | undefined, status: number, ms: number): void {
    this.#requests.observe(
      { method, route: route ?? NO_ROUTE, status_code: String(status) },
      ms / 1000,
    );
  }

  /** One job attempt that ended. */
  observeJob(kind: string, outcome: 'done' | 'failed', ms: number): void {
    this.#jobs.observe({ kind, outcome }, ms / 1000);
  }

  /** A pingback batch (or a single pingback): how many events were stored and dropped. */
  countPingbacks(stored: number, dropped: number): void {
    if (stored > 0) this.#pingbacks.inc({ outcome: 'stored' }, stored);
    if (dropped > 0) this.#pingbacks.inc({ outcome: 'dropped' }, dropped);
  }

  /** Where the cache series read every named cache's counts and size (CacheRegistry.stats). */
  watchCaches(read: () => readonly CacheStats[]): void {
    this.#cacheStats = read;
  }

  /** Where the queue gauges read the backlog (the queue's tables). */
  watchQueue(read: () => Promise<QueueKindStats[]>): void {
    this.#queueStats = read;
  }

  /** The exposition Prometheus scrapes, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * The backlog for this scrape; undefined when the queue cannot be read (its series are left
   * out rather than failing the whole scrape: `/readyz` says what is down).
   */
  #statsForScrape(): Promise<QueueKindStats[] | undefined> {
    const read = this.#queueStats;
    if (!read) return Promise.resolve(undefined);
    const now = Date.now();
    if (!this.#scrapeStats || now - this.#scrapeStats.at > 250) {
      this.#scrapeStats = { at: now, stats: read().catch(() => undefined) };
    }
    return this.#scrapeStats.stats;
  }
}
