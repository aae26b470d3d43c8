import type { RenditionRow } from '../../platform/db/schema.ts';
import { systemClock, type Clock } from '../../platform/lib/clock.ts';
import { ExpiringMap } from '../../platform/lib/expiring-map.ts';

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
  readonly #ttlMs: number;
  readonly #keeps: boolean;
  /** By GIF: its files found so far, and when the GIF's entry (made with its first file) ends. */
  readonly #byGif: ExpiringMap<{ files: Map<string, RenditionRow>; until: number }>;
  readonly #now: Clock;
  /** Counts purges: a query started before one must not keep its row. */
  #purges = 0;
  /** Answers from kept rows, and those that asked the database (metrics). */
  hits = 0;
  misses = 0;

  constructor(options: { source: ServableSource; ttlMs: number; maxGifs: number; now?: Clock }) {
    this.#source = options.source;
    this.#ttlMs = options.ttlMs;
    this.#keeps = options.maxGifs > 0;
    this.#now = options.now ?? systemClock;
    this.#byGif = new ExpiringMap({
      ttlMs: options.ttlMs,
      maxEntries: options.maxGifs,
      now: this.#now,
    });
  }

  /** Kept GIFs. */
  get size(): number {
    return this.#byGif.size;
  }

  /** One rendition of a GIF that is ready to be seen, as `findServable` answers. */
  async find(gifId: string, name: string, format: string): Promise<RenditionRow | undefined> {
    const file = `${name}.${format}`;
    const kept = this.#byGif.get(gifId);
    if (kept) {
      // Kept again, until the same end: the GIF is now the most recently used.
      this.#byGif.set(gifId, kept, kept.until);
      const row = kept.files.get(file);
      if (row) {
        this.hits++;
        return row;
      }
    }
    this.misses++;
    const purges = this.#purges;
    const row = await this.#source.findServable(gifId, name, format);
    if (row && purges === this.#purges && this.#keeps) this.#keep(gifId, file, row);
    return row;
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
    this.#purges++;
    if (gifId === null) this.#byGif.clear();
    else this.#byGif.delete(gifId);
  }

  #keep(gifId: string, file: string, row: RenditionRow): void {
    let kept = this.#byGif.get(gifId);
    if (!kept) {
      kept = { files: new Map(), until: this.#now() + this.#ttlMs };
      this.#byGif.set(gifId, kept, kept.until);
    }
    kept.files.set(file, row);
  }
}
