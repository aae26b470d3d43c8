import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../platform/db/schema.ts';

/** A personal token as its owner sees it (never the secret). */
export interface ApiTokenInfo {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** All SQL about personal API tokens. */
export class ApiTokenRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(row: {
    id: string;
    userId: string;
    name: string;
    tokenHash: string;
  }): Promise<void> {
    await this.#db
      .insertInto('api_tokens')
      .values({ id: row.id, user_id: row.userId, name: row.name, token_hash: row.tokenHash })
      .execute();
  }

  async listOf(userId: string): Promise<ApiTokenInfo[]> {
    return this.#db
      .selectFrom('api_tokens')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Revokes one of `userId`'s tokens; false when it is not theirs or already revoked. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('api_tokens')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The owner of a live token, marking it used. */
  async userOf(tokenHash: string): Promise<UserRow | undefined> {
    const user = await this.#db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .selectAll('users')
      .where('api_tokens.token_hash', '=', tokenHash)
      .where('api_tokens.revoked_at', 'is', null)
      .executeTakeFirst();
    if (user) {
      await this.#db
        .updateTable('api_tokens')
        .set({ last_used_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return user;
  }
}
