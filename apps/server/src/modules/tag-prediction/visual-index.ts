import { visualFeatures, type VisualFeatures } from '@jiffy/media';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/lib/clock.ts';
import type { LibraryEntry } from './tag-predictor.ts';
import type { TagPredictionRepository } from './tag-prediction.repository.ts';

export interface VisualIndexDeps {
  repo: TagPredictionRepository;
  /** A storage key's file, as a path or its bytes. */
  input(key: string): Promise<string | Buffer>;
  clock: Clock;
  /** How long a read of the library is used before the next call reads it again. */
  refreshSeconds: number;
  /** Most GIFs indexed (the newest); bounds memory (~400 bytes each) and the first build. */
  maxEntries: number;
  log: Logger;
}

/**
 * The library's pictures, in memory, rebuilt lazily: a call finding the last read older than
 * `refreshSeconds` reads the listed GIFs again (one query) and computes features only for
 * stills it has not seen, dropping GIFs no longer listed, so a takedown or a new upload shows
 * within that time. Nothing is stored: the dHash is the one stored at upload, the colours
 * come from the `fixed_width_still` (a few ms each with sharp), so the index needs no
 * migration and works on a library processed before it existed. Reads are single-flight.
 */
export class VisualIndex {
  readonly #deps: VisualIndexDeps;
  #entries: LibraryEntry[] = [];
  #readAt = Number.NEGATIVE_INFINITY;
  #features = new Map<string, VisualFeatures>();
  #building: Promise<void> | null = null;

  constructor(deps: VisualIndexDeps) {
    this.#deps = deps;
  }

  async entries(): Promise<readonly LibraryEntry[]> {
    const fresh = this.#deps.clock() - this.#readAt < this.#deps.refreshSeconds * 1000;
    if (!fresh) {
      this.#building ??= this.#rebuild().finally(() => {
        this.#building = null;
      });
      await this.#building;
    }
    return this.#entries;
  }

  async #rebuild(): Promise<void> {
    const readAt = this.#deps.clock();
    const rows = await this.#deps.repo.libraryRows(this.#deps.maxEntries);
    const features = new Map<string, VisualFeatures>();
    const entries: LibraryEntry[] = [];
    for (const row of rows) {
      const key = `${row.id}:${row.still_key}`;
      let found = this.#features.get(key);
      if (!found) {
        try {
          found = await visualFeatures(await this.#deps.input(row.still_key), {
            maxPixels: 4096 * 4096,
          });
        } catch (error) {
          // A missing or unreadable still leaves that GIF out; the rest still teach.
          this.#deps.log.warn({ err: error, gifId: row.id }, 'tag prediction skipped a still');
          continue;
        }
      }
      features.set(key, found);
      entries.push({
        id: row.id,
        tags: row.tags,
        features: row.phash ? { ...found, dhash: row.phash } : found,
      });
    }
    this.#features = features;
    this.#entries = entries;
    this.#readAt = readAt;
  }
}
