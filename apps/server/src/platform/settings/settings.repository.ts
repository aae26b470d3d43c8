import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Instance-wide flags and values (e.g. whether the demo library was seeded). */
export class SettingsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const row = await this.#db
      .selectFrom('instance_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value as T | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await this.#db
      .insertInto('instance_settings')
      .values({ key, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
      .execute();
  }

  /** Stores `value` unless `key` already has one (the first of two racing writers wins). */
  async setIfAbsent(key: string, value: unknown): Promise<void> {
    await this.#db
      .insertInto('instance_settings')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
