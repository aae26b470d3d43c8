import { STAFF_ROLES } from '@jiffy/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NewUser, UserRole, UserRow } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// Any fixed number: every role change of the database takes this lock (see lockRoleChanges).
const ROLE_CHANGE_LOCK = 7_301_946_522;

/** The profile fields a user (or an admin) may change. */
export type ProfileField =
  | 'display_name'
  | 'description'
  | 'website_url'
  | 'instagram_url'
  | 'twitter'
  | 'spotify_url'
  | 'spotify_artist_name'
  | 'is_public'
  | 'freelance'
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

  async findById(id: string, db: Db = this.#db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** True once any admin exists. */
  async anyAdmin(): Promise<boolean> {
    const row = await this.#db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Serialises role changes until `trx` ends: a second change waits here, then reads the roles
   * the first one left. Two admins demoting each other at once would otherwise each count two
   * admins and leave none.
   */
  async lockRoleChanges(trx: Transaction<Database>): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`.execute(trx);
  }

  async countAdmins(db: Db = this.#db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('admins'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.admins);
  }

  async setRole(
    db: Db,
    id: string,
    change: { role: UserRole; roleBeforeStaff: 'user' | 'creator' | null },
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ role: change.role, role_before_staff: change.roleBeforeStaff, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Every moderator and admin, public profile or not: admins first, then by name. */
  async staffMembers(): Promise<UserRow[]> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('role', 'in', ['admin', 'moderator'])
      .orderBy(sql`role = 'admin'`, 'desc')
      .orderBy(sql`lower(username)`)
      .limit(1000)
      .execute();
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
      .set({
        avatar_key: key,
        avatar_pending_key: null,
        avatar_error: null,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Marks `key` as the avatar being rendered (a newer upload supersedes an older one). */
  async setAvatarPending(
    id: string,
    key: string,
    db: Kysely<Database> | Transaction<Database> = this.#db,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ avatar_pending_key: key, avatar_error: null, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Makes the rendered `key` the user's avatar if it is still the pending one; resolves to the
   * replaced key (to delete its files), or `false` when a newer upload or a reset superseded it.
   */
  async finishAvatar(id: string, key: string): Promise<{ previous: string | null } | false> {
    return this.#db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['avatar_key', 'avatar_pending_key'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!user || user.avatar_pending_key !== key) return false;
      await trx
        .updateTable('users')
        .set({
          avatar_key: key,
          avatar_pending_key: null,
          avatar_error: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      return { previous: user.avatar_key };
    });
  }

  /** Ends a failed render of `key` with its error code, if it is still the pending one. */
  async failAvatar(id: string, key: string, code: string): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ avatar_pending_key: null, avatar_error: code, updated_at: new Date() })
      .where('id', '=', id)
      .where('avatar_pending_key', '=', key)
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
    freelance: boolean;
    sort: 'updatetime' | 'username';
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
  }): Promise<{ rows: UserRow[]; total: number }> {
    let query = this.#db
      .selectFrom('users')
      .where('role', '=', 'creator')
      .where('is_public', '=', true);
    if (options.freelance) query = query.where('freelance', '=', true);
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

  /** The instance's public staff: admins first, then moderators, each by name. */
  async listStaff(): Promise<UserRow[]> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('role', 'in', STAFF_ROLES)
      .where('is_public', '=', true)
      .orderBy(sql`role = 'admin'`, 'desc')
      .orderBy(sql`lower(username)`)
      .limit(200)
      .execute();
  }

  async findByIds(ids: string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.#db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  }
}
