import { authorize, type Actor } from '../accounts/index.ts';
import type { GifReadService } from '../gifs/index.ts';
import { csvChunks } from './staff-csv.ts';
import type { StaffFilters, StaffSearchQuery } from './staff-search-input.schema.ts';
import { presentStaffGif } from './staff-search.presenter.ts';
import type { StaffSearchRepository } from './staff-search.repository.ts';

/** Staff (moderators and admins) search every GIF, whatever its status, and export the finds. */
export class StaffSearchService {
  readonly #deps: { search: StaffSearchRepository; reads: GifReadService; publicUrl: string };
  constructor(deps: { search: StaffSearchRepository; reads: GifReadService; publicUrl: string }) {
    this.#deps = deps;
  }

  async search(actor: Actor | null, query: StaffSearchQuery) {
    authorize(actor, 'gif.moderate');
    const { search, reads } = this.#deps;
    const [count, rows, keywords] = await Promise.all([
      search.count(query),
      search.page(query, query.offset, query.limit),
      search.keywords(query),
    ]);
    const gifs = await reads.presentRows(rows, '');
    return {
      count,
      results: rows.map((row, i) => presentStaffGif(gifs[i]!, row)),
      gps_keywords: keywords,
    };
  }

  /** The CSV of every GIF the filters find; refused before a byte is sent. */
  csv(actor: Actor | null, filters: StaffFilters): AsyncGenerator<string> {
    authorize(actor, 'gif.moderate');
    return csvChunks(this.#deps.search.all(filters), this.#deps.publicUrl);
  }
}
