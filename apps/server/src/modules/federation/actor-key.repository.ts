import type { Kysely, Selectable } from 'kysely';
import type { Database, FederationActorKeysTable } from '../../platform/db/schema.ts';

export type ActorKeyRow = Selectable<FederationActorKeysTable>;

/** `federation_actor_keys`: each actor's key pairs, made once and kept. */
export class ActorKeyRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async find(actor: string): Promise<ActorKeyRow | undefined> {
    return this.#db
      .selectFrom('federation_actor_keys')
      .selectAll()
      .where('actor', '=', actor)
      .executeTakeFirst();
  }

  /**
   * Keeps `keys` unless the actor already has some (two nodes making them at once), and
   * returns the ones kept: an actor never shows two different keys.
   */
  async insertOrKeep(keys: Omit<ActorKeyRow, 'created_at'>): Promise<ActorKeyRow> {
    await this.#db
      .insertInto('federation_actor_keys')
      .values(keys)
      .onConflict((oc) => oc.column('actor').doNothing())
      .execute();
    return (await this.find(keys.actor))!;
  }
}
