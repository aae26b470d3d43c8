import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface RankedTagRow {
  id: number;
  channel_id: number;
  tag: string;
  position: number;
}

export interface MagicTagRow {
  id: number;
  channel_id: number;
  tag: string;
}

/** `channel_ranked_tags` and `channel_magic_tags` (migration 0024). */
export class ChannelTagRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The channels' ranked tags, each channel's in rank order. */
  async rankedOf(channelIds: number[], db: Db = this.#db): Promise<RankedTagRow[]> {
    if (channelIds.length === 0) return [];
    return db
      .selectFrom('channel_ranked_tags')
      .select(['id', 'channel_id', 'tag', 'position'])
      .where('channel_id', 'in', channelIds)
      .orderBy('channel_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async magicOf(channelIds: number[], db: Db = this.#db): Promise<MagicTagRow[]> {
    if (channelIds.length === 0) return [];
    return db
      .selectFrom('channel_magic_tags')
      .select(['id', 'channel_id', 'tag'])
      .where('channel_id', 'in', channelIds)
      .orderBy('channel_id')
      .orderBy('tag')
      .execute();
  }

  async findRanked(id: number): Promise<RankedTagRow | undefined> {
    return this.#db
      .selectFrom('channel_ranked_tags')
      .select(['id', 'channel_id', 'tag', 'position'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async findMagic(id: number, db: Db = this.#db): Promise<MagicTagRow | undefined> {
    return db
      .selectFrom('channel_magic_tags')
      .select(['id', 'channel_id', 'tag'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Adds a ranked tag last; undefined when the channel has it already. */
  async addRanked(trx: Transaction<Database>, channelId: number, tag: string) {
    return trx
      .insertInto('channel_ranked_tags')
      .values({
        channel_id: channelId,
        tag,
        position: sql<number>`coalesce((SELECT max(position) + 1 FROM channel_ranked_tags
          WHERE channel_id = ${channelId}), 0)`,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** Numbers the channel's ranked tags 0..n-1 in the order of `ids`. */
  async rank(trx: Transaction<Database>, ids: number[]): Promise<void> {
    await sql`UPDATE channel_ranked_tags SET position = o.n - 1
      FROM unnest(${sql.val(ids)}::integer[]) WITH ORDINALITY AS o(id, n)
      WHERE channel_ranked_tags.id = o.id`.execute(trx);
  }

  async removeRanked(trx: Transaction<Database>, id: number): Promise<void> {
    await trx.deleteFrom('channel_ranked_tags').where('id', '=', id).execute();
  }

  /** Adds a magic tag; undefined when the channel has it already. */
  async addMagic(trx: Transaction<Database>, channelId: number, tag: string) {
    return trx
      .insertInto('channel_magic_tags')
      .values({ channel_id: channelId, tag })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /**
   * Takes out what the magic tag brought in: rows it alone holds go, the others forget it
   * (GIFs added by hand, or by another magic tag, stay). Then the tag itself goes.
   */
  async removeMagic(trx: Transaction<Database>, tag: MagicTagRow): Promise<number> {
    const gone = await trx
      .deleteFrom('channel_gifs')
      .where('channel_id', '=', tag.channel_id)
      .where('by_hand', '=', false)
      .where('magic_tag_ids', '=', sql<number[]>`ARRAY[${tag.id}]::integer[]`)
      .executeTakeFirst();
    await trx
      .updateTable('channel_gifs')
      .set({ magic_tag_ids: sql`array_remove(magic_tag_ids, ${tag.id})` })
      .where('channel_id', '=', tag.channel_id)
      .where(sql<boolean>`${tag.id} = ANY(magic_tag_ids)`)
      .execute();
    await trx.deleteFrom('channel_magic_tags').where('id', '=', tag.id).execute();
    return Number(gone.numDeletedRows);
  }

  /**
   * Makes the channel's GIFs by `tag` exactly the listable GIFs with it (the owner's, or
   * anyone's for an editorial channel): the missing join, newest first ahead of what is there;
   * those that lost the tag (or their listing) leave unless something else holds them.
   */
  async sync(
    trx: Transaction<Database>,
    options: { tag: MagicTagRow; ownerId: string; editorial: boolean },
  ): Promise<{ added: number; left: number }> {
    const { tag, ownerId, editorial } = options;
    const matching = sql`SELECT g.id FROM gifs g WHERE g.tags @> ARRAY[${tag.tag}]::text[]
      AND g.status = 'ready' AND g.visibility = 'public'
      AND (${editorial} OR g.user_id = ${ownerId})`;
    const left = await sql`DELETE FROM channel_gifs WHERE channel_id = ${tag.channel_id}
      AND NOT by_hand AND magic_tag_ids = ARRAY[${tag.id}]::integer[]
      AND gif_id NOT IN (${matching})`.execute(trx);
    await sql`UPDATE channel_gifs SET magic_tag_ids = array_remove(magic_tag_ids, ${tag.id})
      WHERE channel_id = ${tag.channel_id} AND ${tag.id} = ANY(magic_tag_ids)
      AND gif_id NOT IN (${matching})`.execute(trx);
    const added = await sql`
      INSERT INTO channel_gifs AS cg (channel_id, gif_id, position, magic_tag_ids)
      SELECT ${tag.channel_id}, g.id,
        (SELECT coalesce(min(position), 0) FROM channel_gifs WHERE channel_id = ${tag.channel_id})
          - row_number() OVER (ORDER BY g.created_at, g.id),
        ARRAY[${tag.id}]::integer[]
      FROM gifs g WHERE g.id IN (${matching})
      ON CONFLICT (channel_id, gif_id) DO UPDATE
        SET magic_tag_ids = cg.magic_tag_ids || excluded.magic_tag_ids
        WHERE NOT (${tag.id} = ANY(cg.magic_tag_ids))`.execute(trx);
    return {
      added: Number(added.numAffectedRows ?? 0),
      left: Number(left.numAffectedRows ?? 0),
    };
  }
}
