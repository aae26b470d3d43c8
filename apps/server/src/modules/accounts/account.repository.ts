import { sql, type Kysely } from 'kysely';
import type { AccountTokenPurpose, Database, UserRow } from '../../platform/db/schema.ts';

/** All SQL about accounts: e-mail lookups, passwords, single-use tokens and sessions. */
export class AccountRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async confirmEmail(userId: string): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ email_confirmed_at: new Date(), updated_at: new Date() })
      .where('id', '=', userId)
      .where('email_confirmed_at', 'is', null)
      .execute();
  }

  async insertToken(row: {
    tokenHash: string;
    codeHash: string | null;
    userId: string;
    purpose: AccountTokenPurpose;
    expiresAt: Date;
  }): Promise<void> {
    await this.#db
      .insertInto('account_tokens')
      .values({
        token_hash: row.tokenHash,
        code_hash: row.codeHash,
        user_id: row.userId,
        purpose: row.purpose,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /** Marks a live token used and names its user, atomically: a token works once. */
  async consumeToken(tokenHash: string, purpose: AccountTokenPurpose): Promise<string | null> {
    const row = await this.#db
      .updateTable('account_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** The same, for the code typed from an e-mail (bound to its user). */
  async consumeCode(
    userId: string,
    codeHash: string,
    purpose: AccountTokenPurpose,
  ): Promise<boolean> {
    const row = await this.#db
      .updateTable('account_tokens')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertSession(row: {
    tokenHash: string;
    userId: string;
    loginType: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.#db
      .insertInto('sessions')
      .values({
        token_hash: row.tokenHash,
        user_id: row.userId,
        login_type: row.loginType,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  /**
   * The user of a live session. Every signed-in request asks, so the session is a sub-select
   * rather than a join: the same row, and the planner (which runs on every call) has half the
   * work (on PGlite the join took twice as long, nearly all of it planning).
   */
  async findSessionUser(tokenHash: string): Promise<UserRow | undefined> {
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', this.#liveSessionUserId(tokenHash))
      .executeTakeFirst();
  }

  #liveSessionUserId(tokenHash: string) {
    return this.#db
      .selectFrom('sessions')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', new Date());
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.#db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  /**
   * A completed password reset, in one transaction: uses the reset token, sets the password and
   * ends everything the old password may have handed out (the other reset links, every
   * personal API token, every session). Null when the token is not live.
   */
  async completeReset(
    tokenHash: string,
    passwordHash: string,
  ): Promise<{ userId: string; apiTokensRevoked: number } | null> {
    return this.#db.transaction().execute(async (trx) => {
      const now = new Date();
      const used = await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', 'reset_password')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!used) return null;
      const userId = used.user_id;
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', userId)
        .execute();
      await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', 'reset_password')
        .where('used_at', 'is', null)
        .execute();
      const revoked = await trx
        .updateTable('api_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      return { userId, apiTokensRevoked: Number(revoked.numUpdatedRows) };
    });
  }
}
