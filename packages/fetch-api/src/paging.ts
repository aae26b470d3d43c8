import type { Gif } from '@jiffy/contracts';
import type { GifsResult } from './client.ts';

/**
 * Walks a GIF list page by page: `next()` returns the next page's GIFs, `done` turns true when
 * the server says there are no more or a page adds nothing new.
 */
export class GifPager {
  readonly #fetchPage: (offset: number) => Promise<GifsResult>;
  readonly #seen = new Set<string>();
  #offset = 0;
  #done = false;
  #pending: Promise<Gif[]> | null = null;

  /**
   * `firstPage`: a first page already in hand (written into a server-rendered page): the pager
   * goes on after it, and a GIF of it that comes again on a later page is not shown twice.
   */
  constructor(fetchPage: (offset: number) => Promise<GifsResult>, firstPage?: GifsResult) {
    this.#fetchPage = fetchPage;
    if (firstPage) this.#take(firstPage);
  }

  get done(): boolean {
    return this.#done;
  }

  /** The next page; calls made while one is loading share it. */
  next(): Promise<Gif[]> {
    if (this.#done) return Promise.resolve([]);
    this.#pending ??= this.#load().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  async #load(): Promise<Gif[]> {
    return this.#take(await this.#fetchPage(this.#offset));
  }

  #take(result: GifsResult): Gif[] {
    const fresh = result.data.filter((gif) => !this.#seen.has(gif.id));
    for (const gif of fresh) this.#seen.add(gif.id);
    const { total_count, count, offset } = result.pagination;
    this.#offset = offset + count;
    if (fresh.length === 0 || this.#offset >= total_count) this.#done = true;
    return fresh;
  }
}
