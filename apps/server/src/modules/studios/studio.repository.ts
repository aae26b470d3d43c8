import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

export interface StudioFeature {
  id: number;
  channel_id: number | null;
  user_id: string | null;
}

/** All SQL about what /studios features. */
export class StudioRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Every feature, in the order staff chose (the newest last). */
  list(): Promise<StudioFeature[]> {
    return this.#db
      .selectFrom('studio_features')
      .select(['id', 'channel_id', 'user_id'])
      .orderBy('position')
      .orderBy('id')
      .limit(200)
      .execute();
  }

  /** Features a channel or a creator after the others; undefined if it already was. */
  async add(
    what: { channelId: number } | { userId: string },
    chosenBy: string,
  ): Promise<StudioFeature | undefined> {
    return this.#db
      .insertInto('studio_features')
      .values({
        channel_id: 'channelId' in what ? what.channelId : null,
        user_id: 'userId' in what ? what.userId : null,
        position: sql<number>`coalesce((SELECT max(position) FROM studio_features), 0) + 1`,
        chosen_by: chosenBy,
      })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'channel_id', 'user_id'])
      .executeTakeFirst();
  }

  /** True when there was such a feature. */
  async remove(id: number): Promise<boolean> {
    const removed = await this.#db
      .deleteFrom('studio_features')
      .where('id', '=', id)
      .executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }

  /** How many features there are (a bound on the shop window). */
  async count(): Promise<number> {
    const row = await this.#db
      .selectFrom('studio_features')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
