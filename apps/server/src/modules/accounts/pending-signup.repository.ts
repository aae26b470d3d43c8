import { sql, type Kysely } from 'kysely';
import type { Database, PendingSignupRow, UserRow } from '../../platform/db/schema.ts';

/** All SQL about sign-ups waiting for their e-mail confirmation (migration 0017). */
export class PendingSignupRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** True while a sign-up that has not expired holds `username`. */
  async usernameReserved(username: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('pending_signups')
      .select('id')
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records a sign-up; false when a concurrent one took the username first. */
  async insert(row: Omit<PendingSignupRow, 'created_at'>): Promise<boolean> {
    // Expired sign-ups go first: they reserve nothing, but the unique index still sees them.
    await this.#db.deleteFrom('pending_signups').where('expires_at', '<=', new Date()).execute();
    const inserted = await this.#db
      .insertInto('pending_signups')
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** The newest live sign-up named by a login (a username, or an e-mail address with `@`). */
  async findLiveByLogin(login: string): Promise<PendingSignupRow | undefined> {
    const column = login.includes('@') ? 'email' : 'username';
    return this.#db
      .selectFrom('pending_signups')
      .selectAll()
      .where(sql<string>`lower(${sql.ref(column)})`, '=', login.toLowerCase())
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  /** The live sign-up for `email` whose typed code hashes to one of `codeHashOf`'s answers. */
  async findLiveByCode(
    email: string,
    codeHashOf: (signup: PendingSignupRow) => string,
  ): Promise<PendingSignupRow | undefined> {
    const live = await this.#db
      .selectFrom('pending_signups')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('expires_at', '>', new Date())
      .execute();
    // Each sign-up's code is bound to its id; another sign-up for the address shadows none.
    return live.find((signup) => signup.code_hash === codeHashOf(signup));
  }

  async findLiveByToken(tokenHash: string): Promise<PendingSignupRow | undefined> {
    return this.#db
      .selectFrom('pending_signups')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  /** A resent confirmation: new link and code (the old ones stop working), a new lifetime. */
  async replaceSecrets(
    id: string,
    secrets: { tokenHash: string; codeHash: string; expiresAt: Date },
  ): Promise<void> {
    await this.#db
      .updateTable('pending_signups')
      .set({
        token_hash: secrets.tokenHash,
        code_hash: secrets.codeHash,
        expires_at: secrets.expiresAt,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Turns a live sign-up into a confirmed account, once (the sign-up is deleted in the same
   * transaction). Null when it is gone, or when its address or username has an account by now.
   */
  async promote(id: string, userId: string): Promise<UserRow | null> {
    return this.#db.transaction().execute(async (trx) => {
      const pending = await trx
        .deleteFrom('pending_signups')
        .where('id', '=', id)
        .where('expires_at', '>', new Date())
        .returningAll()
        .executeTakeFirst();
      if (!pending) return null;
      const user = await trx
        .insertInto('users')
        .values({
          id: userId,
          username: pending.username,
          display_name: pending.username,
          email: pending.email,
          password_hash: pending.password_hash,
          email_confirmed_at: new Date(),
        })
        // Either unique index (username, e-mail) taken meanwhile: no account, nothing changed.
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst();
      return user ?? null;
    });
  }
}
