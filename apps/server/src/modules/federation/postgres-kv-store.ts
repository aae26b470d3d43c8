import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/**
 * Fedify's key-value store (remote documents it caches, inbox activities it has already
 * handled) in the database, so every node of an instance shares it. Values are JSON text;
 * an expired entry reads as absent and is cleared by the next write of its key.
 */
export class PostgresKvStore implements KvStore {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.#db
      .selectFrom('federation_kv')
      .select('value')
      .where('key', '=', encodeKey(key))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    return row === undefined ? undefined : (JSON.parse(row.value) as T);
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttl = options?.ttl;
    const expires = ttl === undefined ? null : new Date(Date.now() + ttl.total('millisecond'));
    const text = JSON.stringify(value);
    await this.#db
      .insertInto('federation_kv')
      .values({ key: encodeKey(key), value: text, expires_at: expires })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, expires_at: expires }))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.#db.deleteFrom('federation_kv').where('key', '=', encodeKey(key)).execute();
  }

  /** Removes expired entries; a read already skips them, this keeps the table from growing. */
  async deleteExpired(): Promise<void> {
    await this.#db
      .deleteFrom('federation_kv')
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.#db
      .selectFrom('federation_kv')
      .select(['key', 'value'])
      .where((eb) =>
        eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]),
      );
    if (prefix && prefix.length > 0) {
      const exact = encodeKey(prefix);
      // `["a","b"]` lists under `["a"]`: the encoded prefix without its `]`, then a comma.
      const below = `${escapeLike(exact.slice(0, -1))},%`;
      query = query.where((eb) => eb.or([eb('key', '=', exact), eb('key', 'like', below)]));
    }
    for (const row of await query.orderBy('key').execute()) {
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
    }
  }
}

/** A key's parts as one string, in a form no two different keys share. */
function encodeKey(key: KvKey): string {
  return JSON.stringify(key);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
