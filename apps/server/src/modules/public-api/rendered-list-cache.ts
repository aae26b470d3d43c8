import { createHash } from 'node:crypto';
import { SlottedJson } from '../gifs/index.ts';
import type { BufferPool } from '../../platform/lib/buffer-pool.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';

/**
 * A serialized answer with holes for the response id, and the ETag of its content. It renders
 * to bytes: copying a few dozen ready-encoded pieces costs far less than encoding 40 KB of
 * text on every response.
 */
export class RenderedAnswer {
  readonly etag: string;
  /** How many results the list has in all (its pagination's total_count), when known. */
  readonly total: number | undefined;
  // The answer as rendered with the slot id, and where each form of the id stands in it.
  readonly #body: SlottedJson;
  #rendered = false;

  constructor(body: SlottedJson, total?: number) {
    this.#body = body;
    this.total = total;
    const hash = createHash('sha1');
    body.hashInto(hash);
    this.etag = `W/"${hash.digest('base64url')}"`;
  }

  /**
   * The answer as one response sends it, with its own id in every hole. Pass a pool for bytes
   * that go back to it once sent (see BufferPool).
   */
  render(responseId: string, pool?: BufferPool): Buffer {
    const raw = Buffer.from(responseId);
    const encoded = Buffer.from(raw.toString('base64url'));
    if (raw.length !== SlottedJson.slotBytes.raw) return this.#renderResized(raw, encoded);
    // Same length as the slot (every id Jiffy makes): one copy, then the ids written over it.
    const out = pool?.take(this.#body.length) ?? Buffer.allocUnsafe(this.#body.length);
    // Most answers (new searches) are rendered once: copied from their pieces. One rendered
    // again is asked for often: its pieces are joined once, and each later copy is one call.
    if (this.#rendered) this.#body.bytes.copy(out);
    else this.#body.copyTo(out);
    this.#rendered = true;
    // Byte loops: a native copy per hole costs more in calls than these few bytes.
    writeAt(out, raw, this.#body.rawAt);
    writeAt(out, encoded, this.#body.encodedAt);
    return out;
  }

  #renderResized(raw: Buffer, encoded: Buffer): Buffer {
    const { bytes, rawAt, encodedAt } = this.#body;
    const holes = [
      ...rawAt.map((at) => ({ at, id: raw, length: SlottedJson.slotBytes.raw })),
      ...encodedAt.map((at) => ({ at, id: encoded, length: SlottedJson.slotBytes.encoded })),
    ].sort((a, b) => a.at - b.at);
    const parts: Buffer[] = [];
    let from = 0;
    for (const hole of holes) {
      parts.push(bytes.subarray(from, hole.at), hole.id);
      from = hole.at + hole.length;
    }
    parts.push(bytes.subarray(from));
    return Buffer.concat(parts);
  }
}

function writeAt(out: Buffer, bytes: Buffer, offsets: readonly number[]): void {
  for (const at of offsets) {
    for (let i = 0; i < bytes.length; i++) out[at + i] = bytes[i]!;
  }
}

/** An answer, the time it stops being right and its list's total, if it has them. */
export interface LoadedAnswer {
  body: SlottedJson;
  keepUntil?: number | undefined;
  total?: number | undefined;
}

/**
 * Serialized list answers (search, trending) kept for `ttlMs`, the same age the answers tell
 * clients and CDNs they may be kept (Cache-Control max-age): the registry's `public_lists`. A
 * hit costs no query, no presenting and no serializing; callers asking while an answer loads
 * share that load. The least recently used entry goes first when `maxEntries` is reached.
 */
export class RenderedListCache {
  readonly #entries: NamedCache<RenderedAnswer>;

  constructor(options: { caches: CacheRegistry; ttlMs: number; maxEntries: number; now?: Clock }) {
    this.#entries = options.caches.create({
      name: 'public_lists',
      max: options.maxEntries,
      ttlMs: options.ttlMs,
      now: options.now,
    });
  }

  /** The name it is purged by and shown under on `/metrics`. */
  get name(): string {
    return this.#entries.name;
  }

  /**
   * Forgets every kept answer (a GIF was taken down or restored). Loads under way finish for
   * their callers but are neither kept nor shared with later callers, since they may have read
   * the GIF before it changed.
   */
  clear(): void {
    this.#entries.clear();
  }

  /**
   * The answer kept under `key`, or the one `load` renders (with RESPONSE_ID_SLOT as its id).
   * `load` may say the answer holds only until `keepUntil` (a scheduled trending item starts or
   * ends then): it is kept no longer.
   */
  answer(key: string, load: () => Promise<SlottedJson | LoadedAnswer>): Promise<RenderedAnswer> {
    let keepUntil: number | undefined;
    return this.#entries.fetch(
      key,
      async () => {
        const loaded = await load();
        if (loaded instanceof SlottedJson) return new RenderedAnswer(loaded);
        keepUntil = loaded.keepUntil;
        return new RenderedAnswer(loaded.body, loaded.total);
      },
      () => keepUntil,
    );
  }
}
