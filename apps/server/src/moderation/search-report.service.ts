import type { ReportReason } from '@jiffy/contracts';
import type { Actor } from '../accounts/permissions.ts';
import type { GifType, Rating } from '../db/schema.ts';
import type { PublicGifService } from '../public-api/public-gifs.service.ts';
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
  constructor(deps: { reports: SearchReportRepository; search: PublicGifService }) {
    this.#reports = deps.reports;
    this.#search = deps.search;
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
