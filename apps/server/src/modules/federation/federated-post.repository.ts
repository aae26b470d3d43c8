import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  FederationDeliveryRow,
  FederationPostRow,
} from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One activity for one inbox, before it is sent. */
export interface NewDelivery {
  activity_id: string;
  kind: string;
  actor: string;
  inbox: string;
  post_id: number | null;
  body: string;
}

/**
 * `federation_posts` and `federation_deliveries`: what each actor announced, and each
 * activity's trip to each inbox (the delivery job's idempotency key is the pair).
 */
export class FederatedPostRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }

  async find(id: number): Promise<FederationPostRow | undefined> {
    return this.#db
      .selectFrom('federation_posts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The actor's posts not deleted, newest first. */
  async liveOf(actor: string, limit: number, db: Db = this.#db): Promise<FederationPostRow[]> {
    return db
      .selectFrom('federation_posts')
      .selectAll()
      .where('actor', '=', actor)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Actors with posts not deleted: they may owe a Delete even once nobody follows them. */
  async actorsWithLivePosts(): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('federation_posts')
      .select('actor')
      .distinct()
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.actor);
  }

  /** Of `gifIds`, those the actor has a post for (deleted or not). */
  async postedGifs(actor: string, gifIds: string[]): Promise<Set<string>> {
    if (gifIds.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('federation_posts')
      .select('gif_id')
      .where('actor', '=', actor)
      .where('gif_id', 'in', gifIds)
      .execute();
    return new Set(rows.map((r) => r.gif_id));
  }

  /** A new post; undefined when the actor already has one for the GIF. */
  async insert(
    trx: Db,
    post: { actor: string; gif_id: string; content_hash: string },
  ): Promise<FederationPostRow | undefined> {
    return trx
      .insertInto('federation_posts')
      .values(post)
      .onConflict((oc) => oc.columns(['actor', 'gif_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async setContent(trx: Db, id: number, contentHash: string): Promise<void> {
    await trx
      .updateTable('federation_posts')
      .set({ content_hash: contentHash, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Marks the post deleted; false when another sync already did. */
  async markDeleted(trx: Db, id: number): Promise<boolean> {
    const result = await trx
      .updateTable('federation_posts')
      .set({ deleted_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Touches a post whose GIF changed in nothing its Note shows, so it is not looked at again. */
  async touch(id: number): Promise<void> {
    await this.#db
      .updateTable('federation_posts')
      .set({ updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Inboxes the post's Create was addressed to: where its Update and Delete go. */
  async inboxesOf(postId: number, db: Db = this.#db): Promise<string[]> {
    const rows = await db
      .selectFrom('federation_deliveries')
      .select('inbox')
      .distinct()
      .where('post_id', '=', postId)
      .where('kind', '=', 'Create')
      .execute();
    return rows.map((r) => r.inbox);
  }

  /** New deliveries, with their ids; a pair (activity, inbox) already there is left as it is. */
  async addDeliveries(trx: Db, deliveries: NewDelivery[]): Promise<number[]> {
    if (deliveries.length === 0) return [];
    const rows = await trx
      .insertInto('federation_deliveries')
      .values(deliveries)
      .onConflict((oc) => oc.columns(['activity_id', 'inbox']).doNothing())
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async delivery(id: number): Promise<FederationDeliveryRow | undefined> {
    return this.#db
      .selectFrom('federation_deliveries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async markDelivered(id: number): Promise<void> {
    await this.#db
      .updateTable('federation_deliveries')
      .set((eb) => ({
        delivered_at: new Date(),
        attempts: eb('attempts', '+', 1),
        last_error: null,
      }))
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.#db
      .updateTable('federation_deliveries')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) }))
      .where('id', '=', id)
      .execute();
  }
}
