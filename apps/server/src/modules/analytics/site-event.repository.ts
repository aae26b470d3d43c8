import type { Insertable, Kysely } from 'kysely';
import type { Database, SiteEventsTable } from '../../platform/db/schema.ts';

/** Stores Jiffy's own page and player analytics events. */
export class SiteEventRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async store(events: Insertable<SiteEventsTable>[]): Promise<void> {
    if (events.length > 0) await this.#db.insertInto('site_events').values(events).execute();
  }

  /** The latest events of a category, newest first (for tests and the dashboard). */
  latest(category: string, limit = 100) {
    return this.#db
      .selectFrom('site_events')
      .selectAll()
      .where('category', '=', category)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
