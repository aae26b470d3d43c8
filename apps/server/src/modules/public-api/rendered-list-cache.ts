import { createHash } from 'node:crypto';
import { SlottedJson } from '../gifs/index.ts';
import type { BufferPool } from '../../platform/lib/buffer-pool.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import { ExpiringMap } from '../../platform/lib/expiring-map.ts';

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
 * clients and CDNs they may be kept (Cache-Control max-age). A hit costs no query, no
 * presenting and no serializing; callers asking while an answer loads share that load. The
 * oldest entry goes first when `maxEntries` is reached.
 */
export class RenderedListCache {
  readonly #entries: ExpiringMap<RenderedAnswer>;
  readonly #loading = new Map<string, Promise<RenderedAnswer>>();
  #generation = 0;
  /**
   * Answers given without a load of their own (kept, or joining a load under way), and those
   * that loaded (metrics).
   */
  hits = 0;
  misses = 0;

  constructor(options: { ttlMs: number; maxEntries: number; now?: Clock }) {
    this.#entries = new ExpiringMap(options);
  }

  /**
   * Forgets every kept answer (a GIF was taken down or restored). Loads under way finish for
   * their callers but are neither kept nor shared with later callers, since they may have read
   * the GIF before it changed.
   */
  clear(): void {
    this.#entries.clear();
    this.#loading.clear();
    this.#generation++;
  }

  /**
   * The answer kept under `key`, or the one `load` renders (with RESPONSE_ID_SLOT as its id).
   * `load` may say the answer holds only until `keepUntil` (a scheduled trending item starts or
   * ends then): it is kept no longer.
   */
  answer(key: string, load: () => Promise<SlottedJson | LoadedAnswer>): Promise<RenderedAnswer> {
    const kept = this.#entries.get(key);
    if (kept) {
      this.hits++;
      return Promise.resolve(kept);
    }
    let loading = this.#loading.get(key);
    if (loading) this.hits++;
    else {
      this.misses++;
      const generation = this.#generation;
      const started: Promise<RenderedAnswer> = load()
        .then((loaded) => {
          const { body, keepUntil, total } =
            loaded instanceof SlottedJson ? { body: loaded } : loaded;
          const answer = new RenderedAnswer(body, total);
          if (generation === this.#generation) this.#entries.set(key, answer, keepUntil);
          return answer;
        })
        .finally(() => {
          if (this.#loading.get(key) === started) this.#loading.delete(key);
        });
      loading = started;
      this.#loading.set(key, loading);
    }
    return loading;
  }
}
