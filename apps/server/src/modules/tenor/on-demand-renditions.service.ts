import path from 'node:path';
import { nanoSize, renderDerived, type MediaLimits } from '@jiffy/media';
import pLimit from 'p-limit';
import type { NewRendition, RenditionRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { RenditionRepository } from '../gifs/index.ts';
import { withTempDir } from '../../platform/lib/temp-dir.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import { onDemandSpec, type OnDemandSpec } from './tenor-formats.ts';

/** Renders waiting for a slot past which a new one is refused (503) rather than queued. */
const MAX_WAITING = 64;

/** What OnDemandRenditionService reads and writes. */
interface OnDemandDeps {
  renditions: RenditionRepository;
  storage: BlobStorage;
  limits: MediaLimits;
  /** Scratch folders for one render each. */
  tempRoot: string;
}

/**
 * Makes the renditions Jiffy does not make at upload (Tenor's WebM and nano sizes) when their
 * media URL is first asked for: from a rendition already stored (a small, checked file), once,
 * then stored (blob under `gifs/<id>/`, row in `renditions`) and served like any other
 * rendition from then on, immutable and cached for a year.
 *
 * Concurrent first requests for the same file share one render (one promise per file in this
 * process); renders take `concurrency` slots, and a backlog past MAX_WAITING answers 503
 * `not_ready` with Retry-After. Two API nodes asked at the same instant may each render it
 * once: the same bytes, and the upsert keeps one row.
 */
export class OnDemandRenditionService {
  readonly #deps: OnDemandDeps;
  readonly #slots: ReturnType<typeof pLimit>;
  readonly #inFlight = new Map<string, Promise<RenditionRow | undefined>>();
  /** How many files this process has rendered (tests check that concurrent asks share one). */
  rendered = 0;

  constructor(deps: OnDemandDeps & { concurrency: number }) {
    this.#deps = deps;
    this.#slots = pLimit(Math.max(1, deps.concurrency));
  }

  /** True when `name.format` is a rendition made on first request. */
  makes(name: string, format: string): boolean {
    return onDemandSpec(name, format) !== undefined;
  }

  /**
   * The rendition, made now if it was not yet; undefined when the GIF is not showing or lacks
   * the rendition it is made from.
   */
  ensure(gifId: string, name: string, format: string): Promise<RenditionRow | undefined> {
    const spec = onDemandSpec(name, format);
    if (!spec) return Promise.resolve(undefined);
    const key = `${gifId}/${name}.${format}`;
    let pending = this.#inFlight.get(key);
    if (!pending) {
      if (this.#slots.pendingCount >= MAX_WAITING) {
        throw new AppError('not_ready', 'Too many renditions are being made; retry in a second.');
      }
      pending = this.#make(gifId, spec).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  async #make(gifId: string, spec: OnDemandSpec): Promise<RenditionRow | undefined> {
    const { renditions, storage } = this.#deps;
    const made = await renditions.findServable(gifId, spec.name, spec.format);
    if (made) return made;
    const source = await renditions.findServable(gifId, spec.from.name, spec.from.format);
    if (!source) return undefined;
    const row = await this.#slots(() =>
      withTempDir(this.#deps.tempRoot, async (dir) => {
        const input = path.join(dir, `source.${source.format}`);
        await storage.getToFile(source.storage_key, input);
        const output = path.join(dir, `${spec.name}.${spec.format}`);
        const size =
          spec.size === 'nano'
            ? nanoSize({ width: source.width, height: source.height })
            : { width: source.width, height: source.height };
        const file = await renderDerived({
          source: {
            path: input,
            format: spec.from.format,
            size: { width: source.width, height: source.height },
            frames: source.frames,
          },
          output: { path: output, format: spec.format, size },
          // GIF and WebP keep what the source keeps; video is flattened anyway.
          alpha: true,
          limits: this.#deps.limits,
        });
        this.rendered++;
        const storageKey = `gifs/${gifId}/${spec.name}.${spec.format}`;
        await storage.putFile(storageKey, output);
        const rendition: NewRendition = {
          gif_id: gifId,
          name: spec.name,
          format: spec.format,
          ...file,
          storage_key: storageKey,
        };
        await renditions.upsertMany([rendition]);
        return rendition;
      }),
    );
    // Read back as served: a GIF taken down meanwhile is not served.
    return (await renditions.findServable(gifId, row.name, row.format)) ?? undefined;
  }
}
