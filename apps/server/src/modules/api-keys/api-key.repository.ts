import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

export interface ApiKeyRecord {
  key: string;
  user_id: string | null;
  revoked_at: Date | null;
}

/** All SQL about rows of `api_keys`. */
export class ApiKeyRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async find(key: string): Promise<ApiKeyRecord | undefined> {
    return this.#db
      .selectFrom('api_keys')
      .select(['key', 'user_id', 'revoked_at'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async insert(row: { key: string; userId: string; name: string }): Promise<void> {
    await this.#db
      .insertInto('api_keys')
      .values({ key: row.key, user_id: row.userId, name: row.name })
      .execute();
  }

  async listOf(userId: string): Promise<{ key: string; name: string; created_at: Date }[]> {
    return this.#db
      .selectFrom('api_keys')
      .select(['key', 'name', 'created_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Revokes one of `userId`'s keys; false when it is not theirs or already revoked. */
  async revoke(userId: string, key: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('key', '=', key)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async findDefault(): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('api_keys')
      .select('key')
      .where('is_default', '=', true)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.key;
  }

  /** Makes `key` the instance's default key (creating it if new), in one transaction. */
  async setDefault(key: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('api_keys')
        .set({ is_default: false })
        .where('key', '!=', key)
        .execute();
      await trx
        .insertInto('api_keys')
        .values({ key, name: 'Instance default key', is_default: true })
        .onConflict((oc) => oc.column('key').doUpdateSet({ is_default: true, revoked_at: null }))
        .execute();
    });
  }
}
