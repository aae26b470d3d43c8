import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { ValidPingback } from './pingback-event.ts';

/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Stores pingbacks: nothing else. The GIFs' engagement counters are added up from the stored
 * events by the `analytics.rollup` job (RollupRepository), exactly once with its watermark;
 * adding them here fired the search postings' rescoring trigger on every batch, ten times the
 * cost of the insert (bench:analytics).
 */
export class PingbackRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Stores the events whose GIF exists, with where they came from, in one statement (the
   * events as arrays, unnested): resolves to how many. Once this resolves they are in the table.
   */
  async store(events: ValidPingback[], source: string | null = null): Promise<number> {
    if (events.length === 0) return 0;
    try {
      return await this.#insert(events, source);
    } catch (error) {
      // A GIF deleted between the statement's check and its foreign key: the check, run
      // again, now leaves that GIF's events out.
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
      return this.#insert(events, source);
    }
  }

  async #insert(events: ValidPingback[], source: string | null): Promise<number> {
    const column = <T>(pick: (e: ValidPingback) => T) => events.map(pick);
    const result = await sql`
      INSERT INTO pingback_events
        (gif_id, action_type, user_id, random_id, attributes, occurred_at, source)
      SELECT e.gif_id, e.action_type, e.user_id, e.random_id, e.attributes::jsonb,
        e.occurred_at::timestamptz, ${source}
      FROM unnest(${column((e) => e.gifId)}::text[], ${column((e) => e.action)}::text[],
        ${column((e) => e.userId)}::text[], ${column((e) => e.randomId)}::text[],
        ${column((e) => JSON.stringify(e.attributes))}::text[],
        ${column((e) => e.occurredAt.toISOString())}::text[])
        AS e(gif_id, action_type, user_id, random_id, attributes, occurred_at)
      WHERE EXISTS (SELECT 1 FROM gifs g WHERE g.id = e.gif_id)`.execute(this.#db);
    return Number(result.numAffectedRows ?? 0);
  }
}
