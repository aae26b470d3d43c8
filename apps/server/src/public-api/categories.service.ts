import type { Category } from '@jiffy/contracts';
import type { Rating } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import type { GifReadService } from '../gifs/gif-read.service.ts';
import type { DiscoveryRepository } from './discovery.repository.ts';
import type { GifListRepository, PageRequest } from './gif-list.repository.ts';
import type { GifPage } from './public-gifs.service.ts';

const CATEGORY_LIMIT = 20;
const SUBCATEGORY_LIMIT = 12;
const MIN_GIFS = 2;

/**
 * Categories derived from tags: the most used tags are categories, the tags most often found
 * with one are its subcategories, and a category's GIFs carry both tags. Nothing to curate, and
 * a fresh instance's demo library already has some. Each call counts only GIFs of the ratings
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

  async categories(responseId: string, ratings: Rating[]): Promise<Category[]> {
    const tops = await this.#discovery.topTags({
      limit: CATEGORY_LIMIT,
      minGifs: MIN_GIFS,
      ratings,
    });
    const gifs = await this.#reads.presentRows(
      await this.#lists.findReady(
        tops.map((t) => t.gifId),
        ratings,
      ),
      responseId,
    );
    const gifById = new Map(gifs.map((g) => [g.id, g]));
    return Promise.all(
      tops.map(async (top) => ({
        ...named(top.name),
        subcategories: (await this.#subcategoryNames(top.name, ratings)).map(named),
        gif: gifById.get(top.gifId) ?? null,
      })),
    );
  }

  /** A category's subcategories, each as a category object with its picture; 404 when unknown. */
  async subcategories(
    category: string,
    responseId: string,
    ratings: Rating[],
  ): Promise<Category[]> {
    const names = await this.#subcategoryNames(category, ratings);
    if (names.length === 0) throw new AppError('not_found', `No category named ${category}.`);
    const pictures = await Promise.all(
      names.map((name) =>
        this.#lists.withTags({ tags: [category, name], page: { limit: 1, offset: 0 }, ratings }),
      ),
    );
    const gifs = await this.#reads.presentRows(
      pictures.flatMap((p) => p.rows),
      responseId,
    );
    return names.map((name, i) => ({
      ...named(name),
      subcategories: [],
      gif: gifs.find((g) => g.id === pictures[i]!.rows[0]?.id) ?? null,
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

  async #subcategoryNames(category: string, ratings: Rating[]): Promise<string[]> {
    const only = { type: 'gif' as const, ratings };
    const related = await this.#discovery.relatedTags(
      category.toLowerCase(),
      { limit: SUBCATEGORY_LIMIT },
      only,
    );
    return related.map((t) => t.name);
  }
}

function named(name: string): { name: string; name_encoded: string } {
  return { name, name_encoded: encodeURIComponent(name) };
}
