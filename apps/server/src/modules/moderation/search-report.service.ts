import type { ReportReason } from '@jiffy/contracts';
import type { Kysely } from 'kysely';
import { authorize, type Actor } from '../accounts/index.ts';
import type { Database, GifType, Rating } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AuditLogRepository } from '../audit-log/index.ts';
import type { PublicGifService } from '../public-api/index.ts';
import type { SearchReportRepository } from './search-report.repository.ts';

export interface SearchReportInput {
  reasons: ReportReason[];
  additionalInfo: string;
  responseId: string;
  term: string;
  type: GifType;
  /** The page that was shown: what the search call asked for (its defaults when not said). */
  offset: number;
  limit: number;
  ratings: Rating[];
  lang: string;
}

/**
 * Reports of a search result page. The report keeps the answer's response id and the ids of
 * the GIFs it showed, found by asking the same search again now: an answer is kept 30 s and
 * shared by every response (each writes its own id into the kept bytes), so within that time
 * this is the very answer the visitor saw, and later it is what the same search shows now,
 * which is what a moderator can act on. Recording every served answer's GIFs by response id
 * would cost each search response (the busiest call) a write, for the rare one reported.
 * A page that shows nothing now leaves nothing to decide: its report is kept, already resolved
 * ('nothing_shown'), out of the queue.
 */
export class SearchReportService {
  readonly #reports: SearchReportRepository;
  readonly #search: PublicGifService;
  readonly #db: Kysely<Database>;
  readonly #auditLog: AuditLogRepository;
  constructor(deps: {
    reports: SearchReportRepository;
    search: PublicGifService;
    db: Kysely<Database>;
    auditLog: AuditLogRepository;
  }) {
    this.#reports = deps.reports;
    this.#search = deps.search;
    this.#db = deps.db;
    this.#auditLog = deps.auditLog;
  }

  /**
   * Dismisses a search report on its own (nothing it showed needs a decision); moderators. A
   * decision about one of its GIFs settles it too (`search_report_id` on that decision).
   */
  async dismiss(actor: Actor | null, id: number): Promise<void> {
    authorize(actor, 'gif.moderate');
    await this.#db.transaction().execute(async (trx) => {
      const report = await this.#reports.resolveOpen(trx, id, actor.id, 'dismiss');
      if (!report)
        throw new AppError('search_report_not_found', 'No open search report with that id.');
      await this.#auditLog.write(trx, {
        actorUserId: actor.id,
        action: 'search_report.dismiss',
        gifId: null,
        searchReportId: id,
        before: {
          search_term: report.search_term,
          content_type: report.content_type,
          reasons: report.reasons,
          gif_ids: report.gif_ids,
        },
        after: { resolution: 'dismiss' },
      });
    });
  }

  async report(
    actor: Actor | null,
    input: SearchReportInput,
  ): Promise<{ id: number; gifIds: string[] }> {
    const page = await this.#search.searchRows({
      type: input.type,
      ratings: input.ratings,
      term: input.term,
      lang: input.lang,
      page: { offset: input.offset, limit: input.limit },
      sort: 'relevant',
    });
    const gifIds = page.rows.map((row) => row.id);
    const id = await this.#reports.add({
      responseId: input.responseId,
      searchTerm: input.term,
      contentType: input.type,
      reasons: [...new Set(input.reasons)],
      additionalInfo: input.additionalInfo,
      gifIds,
      reporterUserId: actor?.id ?? null,
    });
    return { id, gifIds };
  }
}
