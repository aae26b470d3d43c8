import type { RenditionRow } from '../../platform/db/schema.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';

/** Where the rows come from: RenditionRepository's `findServable` and `isRemoved`. */
export interface ServableSource {
  findServable(gifId: string, name: string, format: string): Promise<RenditionRow | undefined>;
  isRemoved(gifId: string): Promise<boolean>;
}

/**
 * The renditions media answers have found servable, kept by GIF so a media answer costs no
 * query while its GIF is kept. On the embedded database every query runs on the server's own
 * thread, and a page's first screen asks for ~25 files at once: the first image's answer
 * queued behind the others' queries (0.6–1.2 ms each, bench/web README).
 *
 * Only rows found are kept (a GIF that becomes ready is served on its first ask). A GIF that
 * stops being servable (takedown, delete, and edits alike) is forgotten through CachePurge in
 * the request that changes it, and on other nodes through the purge broadcast; a missed notice
 * (null) forgets everything. A purge during a query makes that query's row not kept, as it may
 * have been read before the change committed. Whatever else changes a kept row (a re-run job
 * writing a rendition again) is seen within `ttlMs`. At most `maxGifs` GIFs are kept; the one
 * used longest ago goes first.
 */
export class ServableRenditions {
  readonly #source: ServableSource;
  /** By GIF: its files found so far (its entry, and its ttl, start with its first file). */
  readonly #byGif: NamedCache<Map<string, RenditionRow>>;

  constructor(options: {
    source: ServableSource;
    ttlMs: number;
    maxGifs: number;
    caches: CacheRegistry;
    now?: Clock;
  }) {
    this.#source = options.source;
    this.#byGif = options.caches.create({
      name: 'servable_renditions',
      max: options.maxGifs,
      ttlMs: options.ttlMs,
      now: options.now,
    });
  }

  /** The name it is purged by and shown under on `/metrics`. */
  get name(): string {
    return this.#byGif.name;
  }

  /** Kept GIFs. */
  get size(): number {
    return this.#byGif.size;
  }

  /** Answers from kept rows. */
  get hits(): number {
    return this.#byGif.hits;
  }

  /** Answers that asked the database. */
  get misses(): number {
    return this.#byGif.misses;
  }

  /** One rendition of a GIF that is ready to be seen, as `findServable` answers. */
  async find(gifId: string, name: string, format: string): Promise<RenditionRow | undefined> {
    const file = `${name}.${format}`;
    // A kept GIF is now the most recently used, whether or not this file was found yet.
    const row = this.#byGif.get(gifId, (files) => files.has(file))?.get(file);
    if (row) return row;
    const purges = this.#byGif.purges;
    const found = await this.#source.findServable(gifId, name, format);
    if (found && purges === this.#byGif.purges) this.#keep(gifId, file, found);
    return found;
  }

  /**
   * Whether a GIF nothing was found for was taken down (its media answers 410, not 404). Not
   * kept: it is asked only on a miss, so served files never pay for it.
   */
  isRemoved(gifId: string): Promise<boolean> {
    return this.#source.isRemoved(gifId);
  }

  /** Forgets GIF `gifId`'s rows, or every row when which GIF is not known (null). */
  forget(gifId: string | null): void {
    if (gifId === null) this.#byGif.clear();
    else this.#byGif.delete(gifId);
  }

  #keep(gifId: string, file: string, row: RenditionRow): void {
    // Added to the GIF's entry, which ends when it would have: ttlMs after its first file.
    const files = this.#byGif.peek(gifId);
    if (files) files.set(file, row);
    else this.#byGif.set(gifId, new Map([[file, row]]));
  }
}
