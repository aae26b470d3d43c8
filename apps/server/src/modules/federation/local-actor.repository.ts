import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** A creator as its actor shows it: a user with a public profile. */
export interface ActorUserRow {
  id: string;
  username: string;
  display_name: string;
  description: string;
  created_at: Date;
}

/** A sub-channel as its actor shows it, with its owner and its path of slugs from the root. */
export interface ActorChannelRow {
  id: number;
  user_id: string;
  username: string;
  title: string;
  description: string;
  created_at: Date;
  /** Slugs from the root's child down to this channel. */
  slugs: string[];
}

/**
 * What federation reads of users, channels and GIFs: which of them are actors, and which GIFs
 * each actor has to announce. Read-only; every row here belongs to another module.
 */
export class LocalActorRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async publicUser(userId: string): Promise<ActorUserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .select(['id', 'username', 'display_name', 'description', 'created_at'])
      .where('id', '=', userId)
      .where('is_public', '=', true)
      .executeTakeFirst();
  }

  async publicUserByName(username: string): Promise<ActorUserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .select(['id', 'username', 'display_name', 'description', 'created_at'])
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .where('is_public', '=', true)
      .executeTakeFirst();
  }

  /**
   * A sub-channel that anyone may see (it and every ancestor visible, its owner public), with
   * its path; undefined for a root channel, which is its owner's actor, not one of its own.
   */
  async publicChannel(channelId: number): Promise<ActorChannelRow | undefined> {
    const result = await sql<{
      id: number;
      user_id: string;
      username: string;
      title: string;
      description: string;
      created_at: Date;
      slugs: string[];
      all_visible: boolean;
    }>`
      WITH RECURSIVE up AS (
        SELECT id, parent_id, slug, is_visible, 0 AS depth FROM channels WHERE id = ${channelId}
        UNION ALL
        SELECT c.id, c.parent_id, c.slug, c.is_visible, up.depth + 1
          FROM channels c JOIN up ON c.id = up.parent_id
      )
      SELECT ch.id, ch.user_id, u.username, ch.title, ch.description, ch.created_at,
             (SELECT array_agg(slug ORDER BY depth DESC) FROM up WHERE slug IS NOT NULL) AS slugs,
             (SELECT bool_and(is_visible) FROM up) AS all_visible
        FROM channels ch JOIN users u ON u.id = ch.user_id
       WHERE ch.id = ${channelId} AND ch.parent_id IS NOT NULL AND u.is_public`.execute(this.#db);
    const row = result.rows[0];
    if (!row || !row.all_visible) return undefined;
    return {
      id: row.id,
      user_id: row.user_id,
      username: row.username,
      title: row.title,
      description: row.description,
      created_at: row.created_at,
      slugs: row.slugs ?? [],
    };
  }

  /** The id of the channel at `slugs` under `username`'s root, whether visible or not. */
  async channelIdByPath(username: string, slugs: string[]): Promise<number | undefined> {
    const root = await this.#db
      .selectFrom('channels')
      .innerJoin('users', 'users.id', 'channels.user_id')
      .select('channels.id')
      .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
      .where('channels.parent_id', 'is', null)
      .executeTakeFirst();
    let id = root?.id;
    for (const slug of slugs) {
      if (id === undefined) return undefined;
      const child = await this.#db
        .selectFrom('channels')
        .select('id')
        .where('parent_id', '=', id)
        .where(sql<string>`lower(slug)`, '=', slug.toLowerCase())
        .executeTakeFirst();
      id = child?.id;
    }
    return id;
  }

  /**
   * GIFs shown in a channel (ready, public, every rendition made) since `since`, oldest first:
   * what its followers have not been sent yet, unless a post says otherwise.
   */
  async channelGifsSince(channelId: number, since: Date, limit: number): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('channel_gifs')
      .innerJoin('gifs', 'gifs.id', 'channel_gifs.gif_id')
      .select('gifs.id')
      .where('channel_gifs.channel_id', '=', channelId)
      .where('channel_gifs.gif_shown', '=', true)
      .where('gifs.renditions_complete', '=', true)
      .where('channel_gifs.added_at', '>=', since)
      .orderBy('channel_gifs.added_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** A creator's public, ready uploads (every rendition made) since `since`, oldest first. */
  async userGifsSince(userId: string, since: Date, limit: number): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('gifs')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .where('visibility', '=', 'public')
      .where('renditions_complete', '=', true)
      .where('created_at', '>=', since)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Of `gifIds`, those still shown where the actor shows them (in the channel, or among the
   * creator's public uploads), with when each last changed.
   */
  async stillShown(
    actor: { kind: 'user'; userId: string } | { kind: 'channel'; channelId: number },
    gifIds: string[],
  ): Promise<Map<string, Date>> {
    if (gifIds.length === 0) return new Map();
    let query = this.#db
      .selectFrom('gifs')
      .select(['gifs.id', 'gifs.updated_at'])
      .where('gifs.id', 'in', gifIds)
      .where('gifs.status', '=', 'ready')
      .where('gifs.visibility', '=', 'public');
    query =
      actor.kind === 'user'
        ? query.where('gifs.user_id', '=', actor.userId)
        : query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('channel_gifs')
                .select('channel_gifs.gif_id')
                .whereRef('channel_gifs.gif_id', '=', 'gifs.id')
                .where('channel_gifs.channel_id', '=', actor.channelId),
            ),
          );
    const rows = await query.execute();
    return new Map(rows.map((r) => [r.id, r.updated_at]));
  }

  /** For NodeInfo: creators with a public profile, and GIFs anyone can see. */
  async usage(): Promise<{ users: number; posts: number }> {
    const [users, gifs] = await Promise.all([
      this.#db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_public', '=', true)
        .executeTakeFirstOrThrow(),
      this.#db
        .selectFrom('gifs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'ready')
        .where('visibility', '=', 'public')
        .executeTakeFirstOrThrow(),
    ]);
    return { users: Number(users.n), posts: Number(gifs.n) };
  }
}
