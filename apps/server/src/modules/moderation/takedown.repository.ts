import type { Kysely, Transaction } from 'kysely';
import type { Database, GifRow, GifStatus } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewTakedown {
  gifId: string;
  uploaderUserId: string | null;
  reason: string;
  note: string;
  takenDownBy: string;
}

export interface TakedownRow {
  id: number;
  gif_id: string;
  uploader_user_id: string | null;
  reason: string;
  note: string;
  taken_down_by: string | null;
  emailed: boolean;
  created_at: Date;
  restored_at: Date | null;
  files_purged_at: Date | null;
}

/** A takedown with the title of its GIF, as its uploader sees it. */
export type UploaderTakedown = TakedownRow & { title: string };

const columns = [
  'id',
  'gif_id',
  'uploader_user_id',
  'reason',
  'note',
  'taken_down_by',
  'emailed',
  'created_at',
  'restored_at',
  'files_purged_at',
] as const;

/** All SQL about takedowns, and the GIF status changes a takedown, restore or delete makes. */
export class TakedownRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** The GIF, locked until `trx` ends, so two moderators acting at once act one after the other. */
  lockGif(trx: Transaction<Database>, gifId: string): Promise<GifRow | undefined> {
    return trx
      .selectFrom('gifs')
      .selectAll()
      .where('id', '=', gifId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The GIF as it stands now (after a decision), unlocked. */
  gif(gifId: string): Promise<GifRow | undefined> {
    return this.#db.selectFrom('gifs').selectAll().where('id', '=', gifId).executeTakeFirst();
  }

  /** Whether the GIF is an upload held for a moderator (pre-moderation), not yet listed. */
  async isHeld(gifId: string): Promise<boolean> {
    const held = await this.#db
      .selectFrom('gifs')
      .select('id')
      .where('id', '=', gifId)
      .where('status', '=', 'pending_review')
      .executeTakeFirst();
    return held !== undefined;
  }

  /** Sets what a moderator's decision changes of how the GIF is shown. */
  async setShown(
    trx: Db,
    gifId: string,
    changes: Partial<Pick<GifRow, 'status' | 'rating' | 'type'>>,
  ): Promise<void> {
    await trx
      .updateTable('gifs')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', gifId)
      .execute();
  }

  async setStatus(trx: Db, gifId: string, status: GifStatus): Promise<void> {
    await trx
      .updateTable('gifs')
      .set({ status, updated_at: new Date() })
      .where('id', '=', gifId)
      .execute();
  }

  /** Deletes the GIF's row; its renditions, favorites, reports and takedowns go with it. */
  async deleteGif(trx: Db, gifId: string): Promise<void> {
    await trx.deleteFrom('gifs').where('id', '=', gifId).execute();
  }

  async insert(trx: Db, takedown: NewTakedown): Promise<TakedownRow> {
    return trx
      .insertInto('gif_takedowns')
      .values({
        gif_id: takedown.gifId,
        uploader_user_id: takedown.uploaderUserId,
        reason: takedown.reason,
        note: takedown.note,
        taken_down_by: takedown.takenDownBy,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
  }

  /** The GIF's takedown in force (not restored), locked until `trx` ends. */
  inForce(trx: Transaction<Database>, gifId: string): Promise<TakedownRow | undefined> {
    return trx
      .selectFrom('gif_takedowns')
      .select(columns)
      .where('gif_id', '=', gifId)
      .where('restored_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  async markRestored(trx: Db, id: number, by: string): Promise<void> {
    await trx
      .updateTable('gif_takedowns')
      .set({ restored_at: new Date(), restored_by: by })
      .where('id', '=', id)
      .execute();
  }

  async markEmailed(id: number): Promise<void> {
    await this.#db
      .updateTable('gif_takedowns')
      .set({ emailed: true })
      .where('id', '=', id)
      .execute();
  }

  /** Takedowns of `uploaderId`'s GIFs, newest first. */
  forUploader(uploaderId: string, limit: number): Promise<UploaderTakedown[]> {
    return this.#db
      .selectFrom('gif_takedowns')
      .innerJoin('gifs', 'gifs.id', 'gif_takedowns.gif_id')
      .select(columns.map((c) => `gif_takedowns.${c}` as const))
      .select('gifs.title')
      .where('gif_takedowns.uploader_user_id', '=', uploaderId)
      .orderBy('gif_takedowns.created_at', 'desc')
      .orderBy('gif_takedowns.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Takedowns in force made before `before` whose files are still quarantined, oldest first. */
  quarantinedBefore(before: Date, limit: number): Promise<TakedownRow[]> {
    return this.#db
      .selectFrom('gif_takedowns')
      .select(columns)
      .where('restored_at', 'is', null)
      .where('files_purged_at', 'is', null)
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /**
   * Locks takedown `id` if it is still in force with its files quarantined (a restore may have
   * come first); skips it when another worker holds it.
   */
  lockQuarantined(trx: Transaction<Database>, id: number): Promise<TakedownRow | undefined> {
    return trx
      .selectFrom('gif_takedowns')
      .select(columns)
      .where('id', '=', id)
      .where('restored_at', 'is', null)
      .where('files_purged_at', 'is', null)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  }

  async markPurged(trx: Db, id: number): Promise<void> {
    await trx
      .updateTable('gif_takedowns')
      .set({ files_purged_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}
