import type { Kysely, Selectable } from 'kysely';
import type { Database, FederationBlockedHostsTable } from '../../platform/db/schema.ts';

export type BlockedHostRow = Selectable<FederationBlockedHostsTable>;

/** `federation_blocked_hosts`: remote hosts the instance's admins refused. */
export class BlockedHostRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async isBlocked(host: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('federation_blocked_hosts')
      .select('host')
      .where('host', '=', host.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(): Promise<BlockedHostRow[]> {
    return this.#db.selectFrom('federation_blocked_hosts').selectAll().orderBy('host').execute();
  }

  /** True when the host was not blocked before. */
  async add(host: string, blockedBy: string): Promise<boolean> {
    const result = await this.#db
      .insertInto('federation_blocked_hosts')
      .values({ host, blocked_by: blockedBy })
      .onConflict((oc) => oc.column('host').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** True when the host was blocked. */
  async remove(host: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('federation_blocked_hosts')
      .where('host', '=', host)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
