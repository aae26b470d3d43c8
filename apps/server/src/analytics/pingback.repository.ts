import { sql, type Kysely } from 'kysely';
import type { Database, PingbackAction } from '../db/schema.ts';
import type { ValidPingback } from './pingback-event.ts';

/** The counter on `gifs` each action feeds (HOVER and START are kept as events only). */
const counterOf: Partial<
  Record<PingbackAction, 'view_count' | 'click_count' | 'share_count' | 'favorite_count'>
> = {
  SEEN: 'view_count',
  CLICK: 'click_count',
  SENT: 'share_count',
  FAVORITE: 'favorite_count',
};

/** Stores pingbacks and adds them to the GIFs' engagement counters, in one transaction. */
export class PingbackRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Stores the events whose GIF exists, with where they came from; resolves to how many. */
  async store(events: ValidPingback[], source: string | null = null): Promise<number> {
    if (events.length === 0) return 0;
    return this.#db.transaction().execute(async (trx) => {
      const ids = [...new Set(events.map((e) => e.gifId))];
      const existing = new Set(
        (await trx.selectFrom('gifs').select('id').where('id', 'in', ids).execute()).map(
          (r) => r.id,
        ),
      );
      const known = events.filter((e) => existing.has(e.gifId));
      if (known.length === 0) return 0;
      await trx
        .insertInto('pingback_events')
        .values(
          known.map((e) => ({
            gif_id: e.gifId,
            action_type: e.action,
            user_id: e.userId,
            random_id: e.randomId,
            attributes: JSON.stringify(e.attributes),
            occurred_at: e.occurredAt,
            source,
          })),
        )
        .execute();
      const increments = new Map<string, Map<string, number>>();
      for (const event of known) {
        const counter = counterOf[event.action];
        if (!counter) continue;
        const perGif = increments.get(event.gifId) ?? new Map<string, number>();
        perGif.set(counter, (perGif.get(counter) ?? 0) + 1);
        increments.set(event.gifId, perGif);
      }
      for (const [gifId, counters] of increments) {
        const set = Object.fromEntries(
          [...counters].map(([column, n]) => [column, sql`${sql.ref(column)} + ${n}`]),
        );
        await trx.updateTable('gifs').set(set).where('id', '=', gifId).execute();
      }
      return known.length;
    });
  }
}
