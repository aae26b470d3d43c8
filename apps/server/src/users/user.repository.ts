import { sql, type Kysely } from 'kysely';
import type { Database, NewUser, UserRow } from '../db/schema.ts';

/** The profile fields a user (or an admin) may change. */
export type ProfileField =
  | 'display_name'
  | 'description'
  | 'website_url'
  | 'instagram_url'
  | 'twitter'
  | 'is_public'
  | 'suppress_chrome'
  | 'attribution_display_name';

/** All SQL about rows of `users`. */
export class UserRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(row: NewUser): Promise<void> {
    await this.#db.insertInto('users').values(row).execute();
  }

  /** Usernames are unique without regard to case. */
  async findByUsername(username: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async findById(id: string): Promise<UserRow | undefined> {
    return this.#db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateProfile(id: string, changes: Partial<Pick<UserRow, ProfileField>>): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async setAvatarKey(id: string, key: string | null): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ avatar_key: key, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Views of a user's ready GIFs, summed. */
  async viewCount(userId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('gifs')
      .select(sql<number>`coalesce(sum(view_count), 0)`.as('views'))
      .where('user_id', '=', userId)
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();
    return Number(row.views);
  }

  /** Creators (artists), filtered by name, sorted by last update or name, 25 a page. */
  async listArtists(options: {
    filter: string | null;
    sort: 'updatetime' | 'username';
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
  }): Promise<{ rows: UserRow[]; total: number }> {
    let query = this.#db
      .selectFrom('users')
      .where('role', '=', 'creator')
      .where('is_public', '=', true);
    if (options.filter) {
      const like = `%${options.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([eb('username', 'ilike', like), eb('display_name', 'ilike', like)]),
      );
    }
    const rows = await query
      .selectAll()
      .select(sql<number>`count(*) over ()`.as('total_count'))
      .orderBy(options.sort === 'username' ? sql`lower(username)` : sql`updated_at`, options.order)
      .orderBy('id')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
    const total = rows[0] ? Number(rows[0].total_count) : 0;
    return { rows: rows.map(({ total_count: _, ...row }) => row), total };
  }

  async findByIds(ids: string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.#db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  }
}
