import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRendition, RenditionRow } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** All SQL about rows of `renditions`. */
export class RenditionRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Inserts or replaces renditions; a re-run job overwrites its own earlier rows. */
  async upsertMany(rows: NewRendition[], trx: Db = this.#db): Promise<void> {
    if (rows.length === 0) return;
    await trx
      .insertInto('renditions')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['gif_id', 'name', 'format']).doUpdateSet((eb) => ({
          width: eb.ref('excluded.width'),
          height: eb.ref('excluded.height'),
          frames: eb.ref('excluded.frames'),
          bytes: eb.ref('excluded.bytes'),
          sha256: eb.ref('excluded.sha256'),
          storage_key: eb.ref('excluded.storage_key'),
        })),
      )
      .execute();
  }

  async listForGifs(gifIds: string[]): Promise<RenditionRow[]> {
    if (gifIds.length === 0) return [];
    return this.#db.selectFrom('renditions').selectAll().where('gif_id', 'in', gifIds).execute();
  }

  /** True when the GIF was taken down (its media answers 410, not 404). */
  async isRemoved(gifId: string): Promise<boolean> {
    const gif = await this.#db
      .selectFrom('gifs')
      .select('status')
      .where('id', '=', gifId)
      .executeTakeFirst();
    return gif?.status === 'removed';
  }

  /** One rendition of a GIF that is ready to be seen (not processing, failed or removed). */
  async findServable(
    gifId: string,
    name: string,
    format: string,
  ): Promise<RenditionRow | undefined> {
    return this.#db
      .selectFrom('renditions')
      .innerJoin('gifs', 'gifs.id', 'renditions.gif_id')
      .selectAll('renditions')
      .where('renditions.gif_id', '=', gifId)
      .where('renditions.name', '=', name)
      .where('renditions.format', '=', format)
      .where('gifs.status', '=', 'ready')
      .executeTakeFirst();
  }
}
