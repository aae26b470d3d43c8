import type { Kysely } from 'kysely';
import type {
  Database,
  FederationFollowerRow,
  RemoteFollowerStatus,
} from '../../platform/db/schema.ts';

/** A remote follower as a Follow brings it. */
export interface NewRemoteFollower {
  actor: string;
  remote_actor: string;
  remote_handle: string | null;
  inbox: string;
  shared_inbox: string | null;
  remote_host: string;
  follow_id: string;
  status: RemoteFollowerStatus;
}

/** `federation_followers`: who on other servers follows which local actor. */
export class RemoteFollowerRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Records a Follow; a second Follow from the same remote actor replaces the first (its new
   * activity id is what the Accept names), keeping an approval already given.
   */
  async upsert(follower: NewRemoteFollower): Promise<FederationFollowerRow> {
    return this.#db
      .insertInto('federation_followers')
      .values({
        ...follower,
        accepted_at: follower.status === 'accepted' ? new Date() : null,
      })
      .onConflict((oc) =>
        oc.columns(['actor', 'remote_actor']).doUpdateSet((eb) => ({
          follow_id: eb.ref('excluded.follow_id'),
          inbox: eb.ref('excluded.inbox'),
          shared_inbox: eb.ref('excluded.shared_inbox'),
          remote_handle: eb.ref('excluded.remote_handle'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(actor: string, id: number): Promise<FederationFollowerRow | undefined> {
    return this.#db
      .selectFrom('federation_followers')
      .selectAll()
      .where('actor', '=', actor)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async accept(id: number): Promise<FederationFollowerRow | undefined> {
    return this.#db
      .updateTable('federation_followers')
      .set({ status: 'accepted', accepted_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  /** Removes a remote actor's follow of `actor`; true when there was one. */
  async remove(actor: string, remoteActor: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('federation_followers')
      .where('actor', '=', actor)
      .where('remote_actor', '=', remoteActor)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async removeById(id: number): Promise<FederationFollowerRow | undefined> {
    return this.#db
      .deleteFrom('federation_followers')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Every follow of `actor`, newest first, pending ones included. */
  async listOf(actor: string, limit: number): Promise<FederationFollowerRow[]> {
    return this.#db
      .selectFrom('federation_followers')
      .selectAll()
      .where('actor', '=', actor)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Accepted followers of `actor` on hosts not blocked: who gets its posts. */
  async acceptedOf(actor: string): Promise<FederationFollowerRow[]> {
    return this.#db
      .selectFrom('federation_followers')
      .selectAll()
      .where('actor', '=', actor)
      .where('status', '=', 'accepted')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('federation_blocked_hosts')
              .select('host')
              .whereRef('federation_blocked_hosts.host', '=', 'federation_followers.remote_host'),
          ),
        ),
      )
      .orderBy('id')
      .execute();
  }

  /** Each actor with accepted followers, and since when it has had them. */
  async followedActors(): Promise<{ actor: string; since: Date }[]> {
    const rows = await this.#db
      .selectFrom('federation_followers')
      .select(['actor', (eb) => eb.fn.min('accepted_at').as('since')])
      .where('status', '=', 'accepted')
      .groupBy('actor')
      .execute();
    return rows.map((r) => ({ actor: r.actor, since: r.since as Date }));
  }

  /** Removes every follow by a remote actor (it deleted its account); how many there were. */
  async removeRemote(remoteActor: string): Promise<number> {
    const result = await this.#db
      .deleteFrom('federation_followers')
      .where('remote_actor', '=', remoteActor)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
