import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewSearchReport {
  responseId: string;
  searchTerm: string;
  contentType: string;
  reasons: string[];
  additionalInfo: string;
  gifIds: string[];
  reporterUserId: string | null;
}

/** All SQL about reports of search result pages. */
export class SearchReportRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Whether report `id` is open and its result page showed GIF `gifId`. */
  async isOpenShowing(id: number, gifId: string): Promise<boolean> {
    const found = await this.#db
      .selectFrom('search_reports')
      .select('id')
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .where((eb) => eb(eb.val(gifId), '=', eb.fn.any('gif_ids')))
      .executeTakeFirst();
    return found !== undefined;
  }

  async add(report: NewSearchReport): Promise<number> {
    const row = await this.#db
      .insertInto('search_reports')
      .values({
        response_id: report.responseId,
        search_term: report.searchTerm,
        content_type: report.contentType,
        reasons: report.reasons,
        additional_info: report.additionalInfo,
        gif_ids: report.gifIds,
        reporter_user_id: report.reporterUserId,
        // Nothing shown, nothing to decide: kept as a record, never queued.
        ...(report.gifIds.length === 0
          ? { resolved_at: new Date(), resolution: 'nothing_shown' }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Resolves open search report `id`; what it was, or undefined when none is open. */
  resolveOpen(trx: Db, id: number, by: string, resolution: string) {
    return trx
      .updateTable('search_reports')
      .set({ resolved_at: new Date(), resolved_by: by, resolution })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .returning(['id', 'search_term', 'content_type', 'reasons', 'gif_ids'])
      .executeTakeFirst();
  }

  /**
   * Resolves open search report `id` if it showed `gifId` (a moderator acting on one of its
   * GIFs settles it); false when there is no such open report showing that GIF.
   */
  async resolveShowing(
    trx: Db,
    id: number,
    gifId: string,
    by: string,
    resolution: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('search_reports')
      .set({ resolved_at: new Date(), resolved_by: by, resolution })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .where((eb) => eb(eb.val(gifId), '=', eb.fn.any('gif_ids')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
