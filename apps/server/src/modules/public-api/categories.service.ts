import { categoryDisplayName, type Category } from '@jiffy/contracts';
import type { Rating } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService } from '../gifs/index.ts';
import type { DiscoveryRepository } from './discovery.repository.ts';
import { distinctCovers } from './distinct-covers.ts';
import type { GifListRepository, PageRequest } from './gif-list.repository.ts';
import type { GifPage } from './public-gifs.service.ts';

/** Categories a list holds unless asked for another number. */
export const CATEGORIES = 20;
/** Subcategories a category lists (inside each category object, and by default on its own). */
export const SUBCATEGORIES = 12;
const MIN_GIFS = 2;
const FIRST_SUBCATEGORIES: PageRequest = { limit: SUBCATEGORIES, offset: 0 };

/**
 * Categories derived from tags: the most used tags are categories, the tags most often found
 * with one are its subcategories, and a category's GIFs carry both tags. Nothing to curate, and
 * a fresh instance's demo library already has some. As GIPHY's, each is named for people
 * (`name`: "Happy Birthday") and for addresses (`name_encoded`: the tag), and no two on a page
 * share a picture while their GIFs allow otherwise. Each call counts only GIFs of the ratings
 * it is given (family-friendly ones at most: routes pass `curatedRatings`).
 */
export class CategoriesService {
  readonly #discovery: DiscoveryRepository;
  readonly #lists: GifListRepository;
  readonly #reads: GifReadService;
  constructor(deps: {
    discovery: DiscoveryRepository;
    lists: GifListRepository;
    reads: GifReadService;
  }) {
    this.#discovery = deps.discovery;
    this.#lists = deps.lists;
    this.#reads = deps.reads;
  }

  /** A page of the categories, most used first. */
  async categories(
    responseId: string,
    ratings: Rating[],
    page: PageRequest = { limit: CATEGORIES, offset: 0 },
  ): Promise<Category[]> {
    // As many candidates as the page has categories: enough for each to have its own cover
    // whenever its GIFs allow (at most one fewer are taken by the others).
    const tops = await this.#discovery.topTags({
      page,
      minGifs: MIN_GIFS,
      ratings,
      covers: page.limit,
    });
    const covers = distinctCovers(tops.map((top) => top.gifIds));
    const gifs = await this.#reads.presentRows(
      await this.#lists.findReady(
        covers.filter((id) => id !== undefined),
        ratings,
      ),
      responseId,
    );
    const gifById = new Map(gifs.map((g) => [g.id, g]));
    return Promise.all(
      tops.map(async (top, i) => ({
        ...named(top.name),
        subcategories: (await this.#subcategoryNames(top.name, ratings, FIRST_SUBCATEGORIES)).map(
          named,
        ),
        gif: gifById.get(covers[i] ?? '') ?? null,
      })),
    );
  }

  /**
   * A page of a category's subcategories, each as a category object with its picture; 404 when
   * the category has none (a page past the end of a known one is empty).
   */
  async subcategories(
    category: string,
    responseId: string,
    ratings: Rating[],
    page: PageRequest,
  ): Promise<Category[]> {
    const names = await this.#subcategoryNames(category, ratings, page);
    const known =
      names.length > 0 ||
      (page.offset > 0 &&
        (await this.#subcategoryNames(category, ratings, { limit: 1, offset: 0 })).length > 0);
    if (!known) throw new AppError('not_found', `No category named ${category}.`);
    // Each subcategory's most engaging GIFs are its candidate covers, as for categories.
    const pictures = await Promise.all(
      names.map((name) =>
        this.#lists.withTags({
          tags: [category, name],
          page: { limit: names.length, offset: 0 },
          ratings,
        }),
      ),
    );
    const covers = distinctCovers(pictures.map((p) => p.rows.map((row) => row.id)));
    const rows = new Map(pictures.flatMap((p) => p.rows).map((row) => [row.id, row]));
    const gifs = await this.#reads.presentRows(
      [...new Set(covers.filter((id) => id !== undefined))].map((id) => rows.get(id)!),
      responseId,
    );
    return names.map((name, i) => ({
      ...named(name),
      subcategories: [],
      gif: gifs.find((g) => g.id === covers[i]) ?? null,
    }));
  }

  /** The GIFs of a subcategory: ready GIFs carrying both tags. */
  async gifs(options: {
    category: string;
    subcategory: string;
    page: PageRequest;
    ratings: Rating[];
    responseId: string;
  }): Promise<GifPage> {
    const result = await this.#lists.withTags({
      tags: [options.category, options.subcategory],
      page: options.page,
      ratings: options.ratings,
    });
    const gifs = await this.#reads.presentRows(result.rows, options.responseId);
    return {
      gifs,
      pagination: { total_count: result.total, count: gifs.length, offset: options.page.offset },
    };
  }

  async #subcategoryNames(
    category: string,
    ratings: Rating[],
    page: PageRequest,
  ): Promise<string[]> {
    const only = { type: 'gif' as const, ratings };
    const related = await this.#discovery.relatedTags(category.toLowerCase(), page, only);
    return related.map((t) => t.name);
  }
}

/** A tag as a category: its display name ("Happy Birthday"), and the tag itself, encoded. */
function named(tag: string): { name: string; name_encoded: string } {
  return { name: categoryDisplayName(tag), name_encoded: encodeURIComponent(tag) };
}
