import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** `federation_actor_settings`: whether an actor's follows wait for its owner's approval. */
export class ActorSettingsRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async manuallyApproves(actor: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('federation_actor_settings')
      .select('manually_approves')
      .where('actor', '=', actor)
      .executeTakeFirst();
    return row?.manually_approves ?? false;
  }

  async setManuallyApproves(actor: string, value: boolean): Promise<void> {
    await this.#db
      .insertInto('federation_actor_settings')
      .values({ actor, manually_approves: value })
      .onConflict((oc) =>
        oc.column('actor').doUpdateSet({ manually_approves: value, updated_at: new Date() }),
      )
      .execute();
  }
}
