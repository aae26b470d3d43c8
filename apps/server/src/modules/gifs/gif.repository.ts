import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, GifRow, GifUpdate, NewGif } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** All SQL about rows of `gifs`. */
export class GifRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async insert(row: NewGif, trx: Db = this.#db): Promise<void> {
    await trx.insertInto('gifs').values(row).execute();
  }

  async findById(id: string, trx: Db = this.#db): Promise<GifRow | undefined> {
    return trx.selectFrom('gifs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The id of `userId`'s GIF with this content, unless it failed or was taken down. */
  async findOwnCopy(userId: string, sha256: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('gifs')
      .select('id')
      .where('user_id', '=', userId)
      .where('content_sha256', '=', sha256)
      .where('status', 'in', ['processing', 'ready', 'pending_review'])
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** The GIF, locked until `trx` ends, so two edits of it apply one after the other. */
  lockById(trx: Transaction<Database>, id: string): Promise<GifRow | undefined> {
    return trx.selectFrom('gifs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Updates a GIF only while it is still processing; false when it has moved on (e.g. removed). */
  async updateWhileProcessing(
    id: string,
    changes: GifUpdate,
    trx: Db = this.#db,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('gifs')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Records that a ready GIF's remaining renditions will not come; false when it has moved on. */
  async settleIncompleteRest(
    id: string,
    failure: { code: string; message: string },
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable('gifs')
      .set({ failure_code: failure.code, failure_message: failure.message, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['ready', 'pending_review'])
      .where('renditions_complete', '=', false)
      .where('failure_code', 'is', null)
      .execute();
    return result.some((r) => r.numUpdatedRows > 0n);
  }

  /** GIFs whose work is not over: processing, or ready with renditions still to come. */
  async listUnsettled(): Promise<{ processing: string[]; restPending: string[] }> {
    const rows = await this.#db
      .selectFrom('gifs')
      .select(['id', 'status'])
      .where((eb) =>
        eb.or([
          eb('status', '=', 'processing'),
          eb.and([
            // A GIF held for review gets its remaining renditions like a ready one.
            eb('status', 'in', ['ready', 'pending_review']),
            eb('renditions_complete', '=', false),
            eb('failure_code', 'is', null),
          ]),
        ]),
      )
      .execute();
    return {
      processing: rows.filter((r) => r.status === 'processing').map((r) => r.id),
      restPending: rows.filter((r) => r.status !== 'processing').map((r) => r.id),
    };
  }

  /** Storage key of each listed GIF's source (null when not stored yet), for the GIFs that exist. */
  async originalKeys(ids: string[]): Promise<Map<string, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('gifs')
      .select(['id', 'original_key'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.original_key]));
  }

  /** How long each of these GIFs lasts, in ms (null when not known). */
  async durations(ids: string[]): Promise<Map<string, number | null>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('gifs')
      .select(['id', 'duration_ms'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.duration_ms]));
  }

  async update(id: string, changes: GifUpdate, trx: Db = this.#db): Promise<void> {
    await trx
      .updateTable('gifs')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** The newest ready GIFs and stickers, newest first. */
  async listNewestReady(limit: number): Promise<GifRow[]> {
    return this.#db
      .selectFrom('gifs')
      .selectAll()
      .where('status', '=', 'ready')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * GIF counts by status and type, plus ready GIFs still waiting for their remaining renditions
   * (not `complete`; a rest phase given up, with its failure code, waits no longer).
   */
  async countByStatusAndType(): Promise<
    { status: string; type: string; complete: boolean; count: number }[]
  > {
    const rows = await this.#db
      .selectFrom('gifs')
      .select([
        'status',
        'type',
        sql<boolean>`renditions_complete OR failure_code IS NOT NULL`.as('complete'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .groupBy(['status', 'type', sql`3`])
      .execute();
    return rows.map((r) => ({
      status: r.status,
      type: r.type,
      complete: r.complete,
      count: Number(r.count),
    }));
  }
}
