import type { JiffyMetrics } from '../../platform/metrics/jiffy-metrics.ts';
import { parsePingback } from './pingback-event.ts';
import type { PingbackRepository } from './pingback.repository.ts';

/** What a batch came to: every event is either stored or dropped (and counted). */
export interface PingbackOutcome {
  received: number;
  stored: number;
  dropped: number;
}

/**
 * Takes in GIPHY-dialect pingbacks: each event is checked on its own (parsePingback), the valid
 * ones stored with where the batch came from, and both counts go to the metrics. A malformed
 * event is dropped, never the batch: an SDK sends what it sends, and one bad event in 200
 * must not lose the others.
 */
export class PingbackIngestService {
  readonly #pingbacks: PingbackRepository;
  readonly #metrics: JiffyMetrics;

  constructor(deps: { pingbacks: PingbackRepository; metrics: JiffyMetrics }) {
    this.#pingbacks = deps.pingbacks;
    this.#metrics = deps.metrics;
  }

  /** `events` as they came (each still unchecked); `source` from pingbackSource. */
  async ingest(events: readonly unknown[], source: string): Promise<PingbackOutcome> {
    const now = Date.now();
    const valid = events.flatMap((raw) => parsePingback(raw, now) ?? []);
    const stored = await this.#pingbacks.store(valid, source);
    const dropped = events.length - stored;
    this.#metrics.countPingbacks(stored, dropped);
    return { received: events.length, stored, dropped };
  }
}
