import { findUnstorable } from '../../platform/lib/unstorable-text.ts';
import { siteEvent } from './site-event-input.schema.ts';
import type { SiteEventRepository } from './site-event.repository.ts';

/** A client's clock may be off; an event further than this from now is taken as now. */
const MAX_SKEW_MS = 24 * 3600 * 1000;

/**
 * Jiffy's own analytics events from its pages and the embed player. Like pingbacks, each event
 * is checked on its own and a malformed one is dropped and counted, never the batch.
 */
export class SiteEventService {
  readonly #events: SiteEventRepository;

  constructor(events: SiteEventRepository) {
    this.#events = events;
  }

  /** `events` as they came (each still unchecked). */
  async record(events: readonly unknown[]): Promise<{ received: number; stored: number }> {
    const now = Date.now();
    const valid = events.flatMap((raw) => {
      if (findUnstorable(raw) !== null) return [];
      const parsed = siteEvent.safeParse(raw);
      if (!parsed.success) return [];
      const { ts = now, ...event } = parsed.data;
      const occurred = Math.abs(ts - now) > MAX_SKEW_MS ? now : ts;
      return [{ ...event, gif_id: event.gif_id ?? null, occurred_at: new Date(occurred) }];
    });
    await this.#events.store(valid);
    return { received: events.length, stored: valid.length };
  }
}
