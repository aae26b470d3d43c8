import type { Hash } from 'node:crypto';
import { RESPONSE_ID_SLOT } from './gif.presenter.ts';

const SLOT_RAW = Buffer.from(RESPONSE_ID_SLOT);
const SLOT_ENCODED = Buffer.from(Buffer.from(RESPONSE_ID_SLOT).toString('base64url'));

/**
 * JSON text as UTF-8 bytes, and where RESPONSE_ID_SLOT stands in it, as written (`rawAt`) and
 * base64url-encoded inside analytics payloads (`encodedAt`), so a response can write its own id
 * over the slots (see RenderedAnswer). Pieces encoded once (a GIF object that shows up in many
 * answers) are joined into an answer with their slots known, without encoding or searching the
 * answer again.
 *
 * A joined answer keeps its pieces' bytes as they are until its bytes are asked for: a new
 * search's answer is copied once into a response's buffer straight from its pieces (copyTo),
 * and joining it into a fresh 40 KB buffer of its own first would cost an allocation outside
 * the JavaScript heap per answer, which is what made V8 run its full collections (see
 * docs/decisions.md, "Garbage collection").
 */
export class SlottedJson {
  readonly length: number;
  readonly rawAt: readonly number[];
  readonly encodedAt: readonly number[];
  #parts: readonly Buffer[];

  private constructor(
    parts: readonly Buffer[],
    length: number,
    rawAt: readonly number[],
    encodedAt: readonly number[],
  ) {
    this.#parts = parts;
    this.length = length;
    this.rawAt = rawAt;
    this.encodedAt = encodedAt;
  }

  /** `text` encoded, its slots found (a native search per slot). */
  static of(text: string): SlottedJson {
    const bytes = Buffer.from(text);
    return new SlottedJson(
      [bytes],
      bytes.length,
      offsetsOf(bytes, SLOT_RAW),
      offsetsOf(bytes, SLOT_ENCODED),
    );
  }

  /** `value` as JSON.stringify writes it (as in an array: undefined is null), encoded. */
  static stringify(value: unknown): SlottedJson {
    return SlottedJson.of(JSON.stringify(value) ?? 'null');
  }

  /** The pieces one after the other, their slots moved along; their bytes are not copied. */
  static concat(pieces: readonly SlottedJson[]): SlottedJson {
    const parts: Buffer[] = [];
    const rawAt: number[] = [];
    const encodedAt: number[] = [];
    let length = 0;
    for (const piece of pieces) {
      parts.push(...piece.#parts);
      for (const at of piece.rawAt) rawAt.push(length + at);
      for (const at of piece.encodedAt) encodedAt.push(length + at);
      length += piece.length;
    }
    return new SlottedJson(parts, length, rawAt, encodedAt);
  }

  /** The bytes in one buffer: joined on first asking (one allocation), then kept joined. */
  get bytes(): Buffer {
    if (this.#parts.length !== 1) this.#parts = [Buffer.concat(this.#parts, this.length)];
    return this.#parts[0]!;
  }

  /** Copies the bytes into `out` (at least `length` long) from where they are kept. */
  copyTo(out: Buffer): void {
    let at = 0;
    for (const part of this.#parts) at += part.copy(out, at);
  }

  /** Feeds the bytes to `hash` from where they are kept. */
  hashInto(hash: Hash): void {
    for (const part of this.#parts) hash.update(part);
  }

  /** How long the raw and the encoded slot are, in bytes. */
  static readonly slotBytes = { raw: SLOT_RAW.length, encoded: SLOT_ENCODED.length };
}

function offsetsOf(bytes: Buffer, part: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = bytes.indexOf(part); at !== -1; at = bytes.indexOf(part, at + part.length)) {
    offsets.push(at);
  }
  return offsets;
}
