import type { Gif } from '@jiffy/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService } from '../gifs/index.ts';
import type { FavoriteRepository } from './favorite.repository.ts';

/** A user's favorite GIFs: kept, asked about, listed as GIF objects, let go. */
export class FavoriteService {
  readonly #favorites: FavoriteRepository;
  readonly #reads: GifReadService;

  constructor(deps: { favorites: FavoriteRepository; reads: GifReadService }) {
    this.#favorites = deps.favorites;
    this.#reads = deps.reads;
  }

  /** The user's favorite ready GIFs, newest favorite first, and how many there are. */
  async list(
    userId: string,
    page: { limit: number; offset: number },
    responseId: string,
  ): Promise<{ gifs: Gif[]; total: number }> {
    const { rows, total } = await this.#favorites.list(userId, page);
    return { gifs: await this.#reads.presentRows(rows, responseId), total };
  }

  has(userId: string, gifId: string): Promise<boolean> {
    return this.#favorites.has(userId, gifId);
  }

  /**
   * Keeps a ready GIF: true when it was not kept before, false when it was already. A GIF
   * that does not exist or is not ready is `gif_not_found`.
   */
  async add(userId: string, gifId: string): Promise<boolean> {
    const added = await this.#favorites.add(userId, gifId);
    if (!added && !(await this.#reads.isReady(gifId)))
      throw new AppError('gif_not_found', 'No GIF with that id.');
    return added;
  }

  async remove(userId: string, gifId: string): Promise<void> {
    await this.#favorites.remove(userId, gifId);
  }
}
