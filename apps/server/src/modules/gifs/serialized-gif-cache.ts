import type { Gif } from '@jiffy/contracts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';
import { SlottedJson } from './slotted-json.ts';

/**
 * The JSON of GIF objects as cached answers show them (with RESPONSE_ID_SLOT for the response
 * id), kept by GIF with the content they were presented from (every column, rendition and
 * uploader field a GIF object shows: see listedGifs), so a GIF that shows up in many searches
 * is presented and serialized once while it stays the same; a changed GIF has other content
 * and is presented anew. The least recently used GIFs go first once the kept content and JSON
 * pass `maxBytes` (a GIF heavier than that alone is not kept): bounded by bytes rather than by
 * count, since a GIF's text is 2–5 kB and a channel feed or a long search walks thousands of
 * GIFs (a 10,000-GIF channel's pages by cursor spent a third of their server time presenting
 * GIFs again through a cache of 3,000).
 *
 * Only the bytes are kept, not the object: a presented GIF is a hundred small objects, and on
 * a busy server the cache turns over within seconds, so kept objects would each be copied
 * into the old generation only to die there, which made the collector's pauses long.
 */
export class SerializedGifCache {
  // By GIF id: a short key to look up, where the content would be a kilobyte to hash.
  readonly #byGif: NamedCache<Kept>;

  constructor(options: { maxBytes: number; caches: CacheRegistry }) {
    this.#byGif = options.caches.create<Kept>({
      name: 'gif_json',
      maxBytes: options.maxBytes,
      bytesOf: (kept) => kept.bytes,
    });
  }

  /** The name it is purged by and shown under on `/metrics`. */
  get name(): string {
    return this.#byGif.name;
  }

  /** What the kept content and JSON weigh, in bytes (content counted as UTF-16). */
  get bytes(): number {
    return this.#byGif.bytes;
  }

  /** Forgets GIF `id`'s kept JSON. */
  forget(id: string): void {
    this.#byGif.delete(id);
  }

  /** The JSON of the object presented from `content` for GIF `id`, or of the one `present` makes. */
  get(id: string, content: string, present: () => Gif): SlottedJson {
    // JSON kept for other content (the GIF changed) is a miss, and is replaced.
    const kept = this.#byGif.get(id, (entry) => entry.content === content);
    if (kept) return kept.json;
    const json = SlottedJson.stringify(present());
    const bytes = 2 * content.length + json.length;
    this.#byGif.set(id, { content: ownCopy(content), json, bytes });
    return json;
  }
}

interface Kept {
  content: string;
  json: SlottedJson;
  bytes: number;
}

/**
 * `text` in a string of its own. A string cut out of a larger one (as String.split cuts) keeps
 * the larger one alive in V8, and a kept content would keep its whole page's query result.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}
