/**
 * The GIF ids each kept search answer shows, by the answer's key, so a search served from the
 * answer cache still counts which GIFs it surfaced. Bounded: past `maxEntries` it starts over,
 * and an answer whose ids were forgotten counts nothing until it is rendered again (a
 * statistic, not a promise).
 */
export class ShownIds {
  readonly #ids = new Map<string, readonly string[]>();
  readonly #maxEntries: number;
  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  remember(key: string, ids: readonly string[]): void {
    if (this.#ids.size >= this.#maxEntries) this.#ids.clear();
    this.#ids.set(key, ids);
  }

  get(key: string): readonly string[] {
    return this.#ids.get(key) ?? [];
  }
}
