import type { Gif } from '@jiffy/contracts';
import { SlottedJson } from './slotted-json.ts';

/**
 * The JSON of GIF objects as cached answers show them (with RESPONSE_ID_SLOT for the response
 * id), kept by GIF with the content they were presented from (every column, rendition and
 * uploader field a GIF object shows: see listedGifs), so a GIF that shows up in many searches
 * is presented and serialized once while it stays the same; a changed GIF has other content
 * and is presented anew. The least recently used GIF goes first once `maxEntries` is reached.
 *
 * Only the bytes are kept, not the object: a presented GIF is a hundred small objects, and on
 * a busy server the cache turns over within seconds, so kept objects would each be copied
 * into the old generation only to die there, which made the collector's pauses long.
 */
export class SerializedGifCache {
  readonly #maxEntries: number;
  // By GIF id: a short key to look up, where the content would be a kilobyte to hash.
  readonly #byGif = new Map<string, { content: string; json: SlottedJson }>();

  constructor(options: { maxEntries: number }) {
    this.#maxEntries = options.maxEntries;
  }

  /** Forgets GIF `id`'s kept JSON. */
  forget(id: string): void {
    this.#byGif.delete(id);
  }

  /** The JSON of the object presented from `content` for GIF `id`, or of the one `present` makes. */
  get(id: string, content: string, present: () => Gif): SlottedJson {
    const kept = this.#byGif.get(id);
    // Re-inserted either way: a Map iterates in insertion order, so the first is the least used.
    if (kept) this.#byGif.delete(id);
    if (kept?.content === content) {
      this.#byGif.set(id, kept);
      return kept.json;
    }
    const json = SlottedJson.stringify(present());
    if (this.#byGif.size >= this.#maxEntries) {
      this.#byGif.delete(this.#byGif.keys().next().value!);
    }
    this.#byGif.set(id, { content: ownCopy(content), json });
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
