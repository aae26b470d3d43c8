import type { GifType, Rating } from '../../platform/db/schema.ts';
import { RESPONSE_ID_SLOT, SlottedJson, type GifReadService } from '../gifs/index.ts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { MAX_AGE_SECONDS } from '../../platform/http/public-api-caching.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import { encodeAnswer } from './answer-json.ts';
import { hasUploader } from './listed-gif.sql.ts';
import { allowedRatings } from './list-query.schema.ts';
import type { ListedPage, PublicGifService } from './public-gifs.service.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import { RenderedListCache, type RenderedAnswer } from './rendered-list-cache.ts';
import { shapeAnswer } from './response-shaping.ts';
import { ShownIds } from './shown-ids.ts';

/** `bundle` and `fields` as a caller gave them (null when absent): they trim the objects. */
export interface ListShaping {
  bundle: string | null;
  fields: string | null;
}
const WHOLE: ListShaping = { bundle: null, fields: null };

export interface ListPage {
  limit: number;
  offset: number;
}

/**
 * Search and trending answers, rendered once per distinct question and kept as long as their
 * Cache-Control lets anyone keep them: the public API answers from here, and so do the site's
 * pages that carry their first GIFs (no HTTP hop, the same kept bytes).
 */
export class ListAnswers {
  readonly #gifs: PublicGifService;
  readonly #reads: GifReadService;
  readonly #answers: RenderedListCache;
  readonly #shown: ShownIds;

  constructor(deps: {
    gifs: PublicGifService;
    reads: GifReadService;
    caches: CacheRegistry;
    clock: Clock;
  }) {
    this.#gifs = deps.gifs;
    this.#reads = deps.reads;
    this.#answers = new RenderedListCache({
      caches: deps.caches,
      ttlMs: MAX_AGE_SECONDS * 1000,
      maxEntries: 500,
      now: deps.clock,
    });
    this.#shown = new ShownIds(deps.caches, 1000);
    // A taken-down GIF leaves every kept answer in the same request, not 30 s later.
    deps.gifs.whenPurged(this.#answers.name);
  }

  /**
   * A page of search results. The search path starts here and reads down, all in this module:
   * - the route (`public-gifs.routes.ts`) reads `q` and the page (`list-query.schema.ts`);
   * - an answer kept for the same question is sent as it is (`rendered-list-cache.ts`);
   * - else `PublicGifService.searchRows` splits off an `@channel` scope and tries every word,
   *   then any word, then look-alike words;
   * - `GifListRepository.search` ranks on the posting index through `RankedSearchRepository`
   *   (words as `search-words.ts` splits them, `ranked-search-sources.ts` for where a word may
   *   match), deep pages going on from where the last one ended (`page-continuations.ts`);
   * - the rows become GIPHY's JSON once (`answer-json.ts`, with the gifs module's presenters),
   *   shaped per request (`response-shaping.ts`: `fields`, `bundle`).
   * A first page that found GIFs counts as `visitor`'s search (trending searches; see
   * searchVisitor).
   */
  async search(
    question: {
      type: GifType;
      term: string;
      page: ListPage;
      rating: 'y' | Rating;
      lang?: string | undefined;
      sort: 'relevant' | 'recent';
      visitor: string;
    },
    shaping: ListShaping = WHOLE,
  ): Promise<RenderedAnswer> {
    const { type, term, page, rating, lang, sort } = question;
    const key = ['search', type, term, page, rating, lang, sort];
    const shownKey = JSON.stringify(key);
    const answer = await this.#answer(key, shaping, async () => {
      const found = await this.#gifs.searchRows({
        type,
        ratings: allowedRatings(rating),
        term,
        lang,
        page,
        sort,
      });
      // Only GIFs with an uploader: the counts are read per creator (their dashboard), so a
      // count of a GIF nobody uploaded would never be read, and each one written is a row
      // inserted, checked against and locking its GIF: most of a new search's database work.
      this.#shown.remember(
        shownKey,
        found.rows.filter(hasUploader).map((row) => row.id),
      );
      return found;
    });
    this.#gifs.countSurfaced(term, this.#shown.get(shownKey));
    this.#gifs.countSearch({
      term,
      page,
      visitor: question.visitor,
      found: (answer.total ?? 0) > 0,
    });
    return answer;
  }

  /** A page of trending. */
  trending(
    question: { type: GifType; page: ListPage; rating: 'y' | Rating },
    shaping: ListShaping = WHOLE,
  ): Promise<RenderedAnswer> {
    const { type, page, rating } = question;
    return this.#answer(['trending', type, page, rating], shaping, () =>
      this.#gifs.trendingRows({ type, ratings: allowedRatings(rating), page }),
    );
  }

  #answer(
    key: unknown[],
    shaping: ListShaping,
    load: () => Promise<ListedPage>,
  ): Promise<RenderedAnswer> {
    const shaped = shaping.bundle !== null || shaping.fields !== null;
    return this.#answers.answer(
      JSON.stringify([...key, shaping.bundle, shaping.fields]),
      async () => {
        const page = await load();
        // Trimmed objects are made for the one answer; whole ones are serialized once per GIF.
        const data = shaped
          ? await this.#reads.presentRows(page.rows, RESPONSE_ID_SLOT)
          : await this.#reads.serializeRows(page.rows);
        const body = shapeAnswer(
          okEnvelope(data, { id: RESPONSE_ID_SLOT }, page.pagination),
          shaping,
        );
        return {
          body: encodeAnswer(body, itemJson),
          keepUntil: page.keepUntil,
          total: page.pagination.total_count,
        };
      },
    );
  }
}

/** An item's JSON: kept bytes as they are, anything else serialized. */
const itemJson = (item: object): SlottedJson =>
  item instanceof SlottedJson ? item : SlottedJson.stringify(item);
