import { sql, type Kysely } from 'kysely';
import type { Database, GifRow } from '../../platform/db/schema.ts';

/** All SQL about favorites; adding or removing one also moves the GIF's favorite count. */
export class FavoriteRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Adds a favorite of a ready GIF; false when the GIF is not there or already a favorite. */
  async add(userId: string, gifId: string): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('favorites')
        .columns(['user_id', 'gif_id'])
        .expression((eb) =>
          eb
            .selectFrom('gifs')
            .select([sql.lit(userId).as('user_id'), 'id'])
            .where('id', '=', gifId)
            .where('status', '=', 'ready'),
        )
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      const added = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
      if (added)
        await trx
          .updateTable('gifs')
          .set({ favorite_count: sql`favorite_count + 1` })
          .where('id', '=', gifId)
          .execute();
      return added;
    });
  }

  /** Whether `gifId` is one of `userId`'s favorites. */
  async has(userId: string, gifId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('favorites')
      .select('gif_id')
      .where('user_id', '=', userId)
      .where('gif_id', '=', gifId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async remove(userId: string, gifId: string): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where('gif_id', '=', gifId)
        .executeTakeFirst();
      const removed = deleted.numDeletedRows > 0n;
      if (removed) {
        await trx
          .updateTable('gifs')
          .set({ favorite_count: sql`greatest(favorite_count - 1, 0)` })
          .where('id', '=', gifId)
          .execute();
      }
      return removed;
    });
  }

  /** A user's favorite ready GIFs, newest favorite first. */
  async list(
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: GifRow[]; total: number }> {
    const rows = await this.#db
      .selectFrom('favorites')
      .innerJoin('gifs', 'gifs.id', 'favorites.gif_id')
      .selectAll('gifs')
      .select(sql<number>`count(*) over ()`.as('total_count'))
      .where('favorites.user_id', '=', userId)
      .where('gifs.status', '=', 'ready')
      .orderBy('favorites.created_at', 'desc')
      .orderBy('gifs.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const total = rows[0] ? Number(rows[0].total_count) : 0;
    return { rows: rows.map(({ total_count: _, ...row }) => row), total };
  }
}
