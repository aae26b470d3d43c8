import { sql, type Kysely } from 'kysely';
import type { ShareType } from '@jiffy/contracts';
import type { Database } from '../../platform/db/schema.ts';

/**
 * Share events from the site's share buttons. Each is a SENT pingback event (which trending
 * weighs 3, like GIPHY's shares, and which the roll-up job adds to the GIF's `share_count`, as
 * every SENT pingback) plus its count per share type (`gif_share_counts`, migration 0022), in
 * one transaction.
 */
export class ShareEventRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Records a share of a ready GIF; the GIF's count of that type after it, or null when none. */
  async record(event: {
    gifId: string;
    type: ShareType;
    userId: string | null;
  }): Promise<number | null> {
    return this.#db.transaction().execute(async (trx) => {
      const stored = await trx
        .insertInto('pingback_events')
        .columns(['gif_id', 'action_type', 'user_id', 'attributes', 'occurred_at', 'source'])
        .expression((eb) =>
          eb
            .selectFrom('gifs')
            .select([
              'id',
              sql.lit('SENT').as('action_type'),
              sql<string | null>`${event.userId}::text`.as('user_id'),
              sql<string>`${JSON.stringify({ share_type: event.type, source: 'share_button' })}::jsonb`.as(
                'attributes',
              ),
              sql<Date>`now()`.as('occurred_at'),
              sql.lit('site').as('source'),
            ])
            .where('id', '=', event.gifId)
            .where('status', '=', 'ready'),
        )
        .executeTakeFirst();
      if (Number(stored.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      const row = await trx
        .insertInto('gif_share_counts')
        .values({ gif_id: event.gifId, share_type: event.type, n: 1 })
        .onConflict((oc) =>
          oc.columns(['gif_id', 'share_type']).doUpdateSet({ n: sql`gif_share_counts.n + 1` }),
        )
        .returning(sql<number>`n::integer`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    });
  }

  /** A GIF's shares by type. */
  async countsOf(gifId: string): Promise<Record<string, number>> {
    const rows = await this.#db
      .selectFrom('gif_share_counts')
      .select(['share_type', sql<number>`n::integer`.as('n')])
      .where('gif_id', '=', gifId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.share_type, r.n]));
  }
}
