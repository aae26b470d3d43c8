import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

export interface NewReport {
  gifId: string;
  reason: string;
  note: string;
  reporterUserId: string | null;
}

export interface OpenReport {
  id: number;
  gif_id: string;
  reason: string;
  note: string;
  reporter_user_id: string | null;
  created_at: Date;
}

/** All SQL about GIF reports. */
export class ReportRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Records a report of a ready GIF: 'recorded', 'no_gif' when there is no such GIF, or
   * 'duplicate' when this signed-in user already reported it.
   */
  async add(report: NewReport): Promise<'recorded' | 'no_gif' | 'duplicate'> {
    const inserted = await this.#db
      .insertInto('gif_reports')
      .columns(['gif_id', 'reason', 'note', 'reporter_user_id'])
      .expression((eb) =>
        eb
          .selectFrom('gifs')
          .select([
            'id',
            eb.val(report.reason).as('reason'),
            eb.val(report.note).as('note'),
            eb.val(report.reporterUserId).as('reporter_user_id'),
          ])
          .where('id', '=', report.gifId)
          .where('status', '=', 'ready'),
      )
      .onConflict((oc) =>
        oc
          .columns(['gif_id', 'reporter_user_id'])
          .where('reporter_user_id', 'is not', null)
          .doNothing(),
      )
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return 'recorded';
    const gif = await this.#db
      .selectFrom('gifs')
      .select('id')
      .where('id', '=', report.gifId)
      .where('status', '=', 'ready')
      .executeTakeFirst();
    return gif ? 'duplicate' : 'no_gif';
  }

  /** Resolves the GIF's open reports (in the moderator's transaction); how many there were. */
  async resolveForGif(
    trx: Kysely<Database> | Transaction<Database>,
    gifId: string,
    by: string,
    resolution: string,
  ): Promise<number> {
    const result = await trx
      .updateTable('gif_reports')
      .set({ resolved_at: new Date(), resolved_by: by, resolution })
      .where('gif_id', '=', gifId)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Reports no moderator has handled yet, oldest first. */
  listOpen(limit: number): Promise<OpenReport[]> {
    return this.#db
      .selectFrom('gif_reports')
      .select(['id', 'gif_id', 'reason', 'note', 'reporter_user_id', 'created_at'])
      .where('resolved_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
