import type { Gif } from '@jiffy/contracts';
import { SlottedJson } from './slotted-json.ts';

/**
 * GIF objects as cached answers present them (with RESPONSE_ID_SLOT for the response id), kept
 * by GIF with the content they were presented from (every column, rendition and uploader field
 * a GIF object shows: see listedGifs), so a GIF that shows up in many searches is presented and
 * serialized once while it stays the same; a changed GIF has other content and is presented
 * anew. The least recently used GIF goes first once `maxEntries` is reached.
 */
export class PresentedGifCache {
  readonly #maxEntries: number;
  // By GIF id: a short key to look up, where the content would be a kilobyte to hash.
  readonly #byGif = new Map<string, { content: string; gif: Gif }>();
  // The JSON of objects serialized before; weak, so it goes with its object.
  readonly #json = new WeakMap<object, SlottedJson>();

  constructor(options: { maxEntries: number }) {
    this.#maxEntries = options.maxEntries;
  }

  /** The object presented from `content` for GIF `id`, or the one `present` makes (and keeps). */
  get(id: string, content: string, present: () => Gif): Gif {
    const kept = this.#byGif.get(id);
    // Re-inserted either way: a Map iterates in insertion order, so the first is the least used.
    if (kept) this.#byGif.delete(id);
    if (kept?.content === content) {
      this.#byGif.set(id, kept);
      return kept.gif;
    }
    const gif = present();
    if (this.#byGif.size >= this.#maxEntries) {
      this.#byGif.delete(this.#byGif.keys().next().value!);
    }
    this.#byGif.set(id, { content: ownCopy(content), gif });
    return gif;
  }

  /** JSON.stringify's text of `value` as bytes with its slots, serialized once per object. */
  json(value: object): SlottedJson {
    let json = this.#json.get(value);
    if (json === undefined) {
      json = SlottedJson.of(JSON.stringify(value));
      this.#json.set(value, json);
    }
    return json;
  }
}

/**
 * `text` in a string of its own. A string cut out of a larger one (as String.split cuts) keeps
 * the larger one alive in V8, and a kept content would keep its whole page's query result.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}
