import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChannelRow, ChannelType, Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A channel with its owner's username (its path starts with it). */
export type ChannelWithOwner = ChannelRow & { username: string };

/** One ancestor of a channel (`of`), `depth` steps up from it (1 = its parent). */
export type AncestorRow = ChannelRow & { of: number; depth: number };

/** What a channel may be changed to (PATCH). */
export interface ChannelChanges {
  title?: string;
  slug?: string;
  description?: string;
  banner_gif_id?: string | null;
  featured_gif_id?: string | null;
  is_visible?: boolean;
  type?: ChannelType;
}

/**
 * `channels` (migration 0024): the tree itself. The tree is at most MAX_CHANNEL_DEPTH + 1
 * levels, so the recursive queries below walk a few rows each.
 */
export class ChannelRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async findByIds(ids: number[], db: Db = this.#db): Promise<ChannelWithOwner[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('channels')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .selectAll('channels')
      .select('users.username')
      .where('channels.id', 'in', ids)
      .execute();
  }

  /** The channel, locked until `trx` ends: two changes of one channel's place take turns. */
  async lock(trx: Transaction<Database>, id: number): Promise<ChannelWithOwner | undefined> {
    return trx
      .selectFrom('channels')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .selectAll('channels')
      .select('users.username')
      .where('channels.id', '=', id)
      .forUpdate(['channels'])
      .executeTakeFirst();
  }

  /**
   * Locks the owner's root channel: every change to the shape of one user's tree (create,
   * move, delete) takes it first, so depth, cycle and limit checks see a tree nobody else is
   * changing.
   */
  async lockTree(trx: Transaction<Database>, userId: string): Promise<void> {
    await trx
      .selectFrom('channels')
      .select('id')
      .where('user_id', '=', userId)
      .where('parent_id', 'is', null)
      .forUpdate()
      .execute();
  }

  async rootOf(username: string): Promise<ChannelWithOwner | undefined> {
    return this.#db
      .selectFrom('channels')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .selectAll('channels')
      .select('users.username')
      .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
      .where('channels.parent_id', 'is', null)
      .executeTakeFirst();
  }

  async rootIdOf(userId: string, db: Db = this.#db): Promise<number | undefined> {
    const row = await db
      .selectFrom('channels')
      .select('id')
      .where('user_id', '=', userId)
      .where('parent_id', 'is', null)
      .executeTakeFirst();
    return row?.id;
  }

  /** The channel at `slugs` under `rootId`: one join per slug, in one query. */
  async findByPath(rootId: number, slugs: string[]): Promise<number | undefined> {
    const joins = slugs.map(
      (slug, i) =>
        sql`JOIN channels ${sql.raw(`c${i + 1}`)} ON ${sql.raw(`c${i + 1}.parent_id = c${i}.id`)}
          AND ${sql.raw(`c${i + 1}`)}.slug = ${slug}`,
    );
    const { rows } = await sql<{ id: number }>`
      SELECT ${sql.raw(`c${slugs.length}.id`)} AS id FROM channels c0 ${sql.join(joins, sql` `)}
      WHERE c0.id = ${rootId}`.execute(this.#db);
    return rows[0]?.id;
  }

  /** Every ancestor of each channel in `ids`, nearest first. */
  async ancestorsOf(ids: number[], db: Db = this.#db): Promise<AncestorRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<AncestorRow>`
      WITH RECURSIVE up(of, id, depth) AS (
        SELECT c.id, c.parent_id, 1 FROM channels c
          WHERE c.id IN (${sql.join(ids)}) AND c.parent_id IS NOT NULL
        UNION ALL
        SELECT up.of, c.parent_id, up.depth + 1 FROM up JOIN channels c ON c.id = up.id
          WHERE c.parent_id IS NOT NULL
      )
      SELECT c.*, up.of, up.depth FROM up JOIN channels c ON c.id = up.id
      ORDER BY up.of, up.depth`.execute(db);
    return rows;
  }

  /** How many levels `id`'s subtree has below it (0 for a channel without children). */
  async subtreeHeight(trx: Db, id: number): Promise<number> {
    const { rows } = await sql<{ height: number }>`
      WITH RECURSIVE down(id, depth) AS (
        SELECT ${id}::integer, 0
        UNION ALL
        SELECT c.id, down.depth + 1 FROM down JOIN channels c ON c.parent_id = down.id
      )
      SELECT max(depth)::integer AS height FROM down`.execute(trx);
    return Number(rows[0]?.height ?? 0);
  }

  /** Ids of `id` and every channel below it. */
  async subtreeIds(trx: Db, id: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      WITH RECURSIVE down(id) AS (
        SELECT ${id}::integer
        UNION ALL
        SELECT c.id FROM down JOIN channels c ON c.parent_id = down.id
      )
      SELECT id FROM down`.execute(trx);
    return rows.map((r) => Number(r.id));
  }

  async children(parentId: number, db: Db = this.#db): Promise<ChannelWithOwner[]> {
    return db
      .selectFrom('channels')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .selectAll('channels')
      .select('users.username')
      .where('channels.parent_id', '=', parentId)
      .orderBy('channels.position')
      .orderBy('channels.id')
      .execute();
  }

  /** Which of `ids` have at least one child (visible or not: the owner's view decides). */
  async withChildren(ids: number[], visibleOnly: boolean): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    let query = this.#db
      .selectFrom('channels')
      .select('parent_id')
      .distinct()
      .where('parent_id', 'in', ids);
    if (visibleOnly) query = query.where('is_visible', '=', true);
    const rows = await query.execute();
    return new Set(rows.map((r) => r.parent_id!));
  }

  async countOwned(trx: Db, userId: string): Promise<number> {
    const row = await trx
      .selectFrom('channels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async slugTaken(trx: Db, parentId: number, slug: string, exceptId?: number): Promise<boolean> {
    let query = trx
      .selectFrom('channels')
      .select('id')
      .where('parent_id', '=', parentId)
      .where('slug', '=', slug);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(
    trx: Transaction<Database>,
    row: {
      userId: string;
      parentId: number;
      slug: string;
      title: string;
      description: string;
      isVisible: boolean;
      type: ChannelType;
      bannerGifId: string | null;
      featuredGifId: string | null;
    },
  ): Promise<number> {
    const inserted = await trx
      .insertInto('channels')
      .values({
        user_id: row.userId,
        parent_id: row.parentId,
        slug: row.slug,
        title: row.title,
        description: row.description,
        is_visible: row.isVisible,
        type: row.type,
        banner_gif_id: row.bannerGifId,
        featured_gif_id: row.featuredGifId,
        // Last among its siblings.
        position: sql<number>`coalesce((SELECT max(position) + 1 FROM channels
          WHERE parent_id = ${row.parentId}), 0)`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(trx: Transaction<Database>, id: number, changes: ChannelChanges): Promise<void> {
    await trx
      .updateTable('channels')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the channel; its subtree, links to GIFs and tags go with it (foreign keys). */
  async delete(trx: Transaction<Database>, id: number): Promise<void> {
    await trx.deleteFrom('channels').where('id', '=', id).execute();
  }

  /** Puts `id` under `parentId` at `index` among the others there (0 = first), renumbering them. */
  async place(
    trx: Transaction<Database>,
    options: { id: number; parentId: number; siblingIds: number[] },
  ): Promise<void> {
    await trx
      .updateTable('channels')
      .set({ parent_id: options.parentId, updated_at: sql`now()` })
      .where('id', '=', options.id)
      .execute();
    // Dense positions 0..n-1 in the order given: siblings are few (a capped number).
    await sql`UPDATE channels SET position = o.n - 1
      FROM unnest(${sql.val(options.siblingIds)}::integer[]) WITH ORDINALITY AS o(id, n)
      WHERE channels.id = o.id`.execute(trx);
  }
}
