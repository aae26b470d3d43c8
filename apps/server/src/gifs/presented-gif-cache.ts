import type { Gif } from '@jiffy/contracts';

/**
 * GIF objects as cached answers present them (with RESPONSE_ID_SLOT for the response id), kept
 * by the content they were presented from (every column, rendition and uploader field a GIF
 * object shows: see listedGifs), so a GIF that shows up in many searches is presented and
 * serialized once while it stays the same; a changed GIF has new content and is presented
 * anew. The least recently used entry goes first once `maxEntries` is reached.
 */
export class PresentedGifCache {
  readonly #maxEntries: number;
  readonly #byContent = new Map<string, Gif>();
  // The JSON text of objects serialized before; weak, so it goes with its object.
  readonly #json = new WeakMap<object, string>();

  constructor(options: { maxEntries: number }) {
    this.#maxEntries = options.maxEntries;
  }

  /** The object presented from `content`, or the one `present` makes (and keeps). */
  get(content: string, present: () => Gif): Gif {
    const kept = this.#byContent.get(content);
    if (kept) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least used.
      this.#byContent.delete(content);
      this.#byContent.set(content, kept);
      return kept;
    }
    const gif = present();
    if (this.#byContent.size >= this.#maxEntries) {
      this.#byContent.delete(this.#byContent.keys().next().value!);
    }
    this.#byContent.set(content, gif);
    return gif;
  }

  /** JSON.stringify's text of `value`, serialized once per object. */
  json(value: object): string {
    let text = this.#json.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      this.#json.set(value, text);
    }
    return text;
  }
}
