import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, GifRow } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Where a GIF goes in a channel's manual order. */
export type GifPlace =
  | { at: 'first' | 'last' }
  | { at: 'before' | 'after'; gifId: string }
  /** Keep its place if already there; else first. */
  | { at: 'kept' };

// Below this gap between neighbours a midpoint loses precision: the channel is renumbered.
const MIN_GAP = 1e-9;

/**
 * `channel_gifs` (migration 0024). A feed shows only ready, public GIFs: a taken-down GIF keeps
 * its row (a restore brings it back where it was), a deleted one loses it (foreign key).
 */
export class ChannelGifRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Which of `gifIds` may join a channel: ready and public (an unlisted GIF is in no list). */
  async listable(gifIds: string[], db: Db = this.#db): Promise<Set<string>> {
    if (gifIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('gifs')
      .select('id')
      .where('id', 'in', gifIds)
      .where('status', '=', 'ready')
      .where('visibility', '=', 'public')
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The rows of `gifIds` a channel shows (ready, public), for featured and banner GIFs. */
  async shownGifs(gifIds: string[]): Promise<GifRow[]> {
    if (gifIds.length === 0) return [];
    return this.#db
      .selectFrom('gifs')
      .selectAll()
      .where('id', 'in', gifIds)
      .where('status', '=', 'ready')
      .where('visibility', '=', 'public')
      .execute();
  }

  async positionOf(trx: Db, channelId: number, gifId: string): Promise<number | undefined> {
    const row = await trx
      .selectFrom('channel_gifs')
      .select('position')
      .where('channel_id', '=', channelId)
      .where('gif_id', '=', gifId)
      .executeTakeFirst();
    return row?.position;
  }

  /** The position a GIF placed at `place` takes (renumbering the channel if it must). */
  async positionFor(
    trx: Transaction<Database>,
    channelId: number,
    place: Exclude<GifPlace, { at: 'kept' }>,
  ): Promise<number> {
    const ends = await trx
      .selectFrom('channel_gifs')
      .select((eb) => [eb.fn.min('position').as('lo'), eb.fn.max('position').as('hi')])
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    if ('gifId' in place) return this.#beside(trx, channelId, place);
    if (place.at === 'first') return ends.lo === null ? 0 : Number(ends.lo) - 1;
    return ends.hi === null ? 0 : Number(ends.hi) + 1;
  }

  /** Halfway between the anchor GIF and its neighbour on that side. */
  async #beside(
    trx: Transaction<Database>,
    channelId: number,
    place: { at: 'before' | 'after'; gifId: string },
  ): Promise<number> {
    const anchor = (await this.positionOf(trx, channelId, place.gifId))!;
    const neighbour = await trx
      .selectFrom('channel_gifs')
      .select('position')
      .where('channel_id', '=', channelId)
      .where('position', place.at === 'before' ? '<' : '>', anchor)
      .orderBy('position', place.at === 'before' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!neighbour) return anchor + (place.at === 'before' ? -1 : 1);
    if (Math.abs(neighbour.position - anchor) < MIN_GAP) {
      await this.#renumber(trx, channelId);
      return this.positionFor(trx, channelId, place);
    }
    return (anchor + neighbour.position) / 2;
  }

  async #renumber(trx: Transaction<Database>, channelId: number): Promise<void> {
    await sql`UPDATE channel_gifs SET position = r.n FROM (
        SELECT gif_id, row_number() OVER (ORDER BY position, gif_id) AS n
        FROM channel_gifs WHERE channel_id = ${channelId}) r
      WHERE channel_gifs.channel_id = ${channelId} AND channel_gifs.gif_id = r.gif_id`.execute(trx);
  }

  /** Adds the GIF by hand at `position`, or marks it added by hand and moves it there. */
  async putByHand(
    trx: Transaction<Database>,
    row: { channelId: number; gifId: string; position: number | null },
  ): Promise<void> {
    const position =
      row.position ??
      sql<number>`(SELECT coalesce(min(position) - 1, 0)
      FROM channel_gifs WHERE channel_id = ${row.channelId})`;
    await trx
      .insertInto('channel_gifs')
      .values({ channel_id: row.channelId, gif_id: row.gifId, position, by_hand: true })
      .onConflict((oc) =>
        oc.columns(['channel_id', 'gif_id']).doUpdateSet({
          by_hand: true,
          position:
            row.position === null
              ? sql<number>`channel_gifs.position`
              : sql<number>`${row.position}`,
        }),
      )
      .execute();
  }

  /** Removes the GIFs from the channel, however they got there; answers the ids removed. */
  async remove(trx: Transaction<Database>, channelId: number, gifIds: string[]): Promise<string[]> {
    const rows = await trx
      .deleteFrom('channel_gifs')
      .where('channel_id', '=', channelId)
      .where('gif_id', 'in', gifIds)
      .returning('gif_id')
      .execute();
    return rows.map((r) => r.gif_id);
  }

  /** Which of `gifIds` are in the channel. */
  async inChannel(trx: Db, channelId: number, gifIds: string[]): Promise<Set<string>> {
    if (gifIds.length === 0) return new Set();
    const rows = await trx
      .selectFrom('channel_gifs')
      .select('gif_id')
      .where('channel_id', '=', channelId)
      .where('gif_id', 'in', gifIds)
      .execute();
    return new Set(rows.map((r) => r.gif_id));
  }

  /** The channels each of `gifIds` is in. */
  async channelsOf(gifIds: string[]): Promise<{ gif_id: string; channel_id: number }[]> {
    if (gifIds.length === 0) return [];
    return this.#db
      .selectFrom('channel_gifs')
      .select(['gif_id', 'channel_id'])
      .where('gif_id', 'in', gifIds)
      .orderBy('gif_id')
      .orderBy('channel_id')
      .execute();
  }
}
