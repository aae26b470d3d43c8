import { RESPONSE_ID_SLOT } from './gif.presenter.ts';

const SLOT_RAW = Buffer.from(RESPONSE_ID_SLOT);
const SLOT_ENCODED = Buffer.from(Buffer.from(RESPONSE_ID_SLOT).toString('base64url'));

/**
 * JSON text as UTF-8 bytes, and where RESPONSE_ID_SLOT stands in it, as written (`rawAt`) and
 * base64url-encoded inside analytics payloads (`encodedAt`), so a response can write its own id
 * over the slots (see RenderedAnswer). Pieces encoded once (a GIF object that shows up in many
 * answers) are joined into an answer with their slots known, without encoding or searching the
 * answer again.
 */
export class SlottedJson {
  readonly bytes: Buffer;
  readonly rawAt: readonly number[];
  readonly encodedAt: readonly number[];

  private constructor(bytes: Buffer, rawAt: readonly number[], encodedAt: readonly number[]) {
    this.bytes = bytes;
    this.rawAt = rawAt;
    this.encodedAt = encodedAt;
  }

  /** `text` encoded, its slots found (a native search per slot). */
  static of(text: string): SlottedJson {
    const bytes = Buffer.from(text);
    return new SlottedJson(bytes, offsetsOf(bytes, SLOT_RAW), offsetsOf(bytes, SLOT_ENCODED));
  }

  /** `value` as JSON.stringify writes it (as in an array: undefined is null), encoded. */
  static stringify(value: unknown): SlottedJson {
    return SlottedJson.of(JSON.stringify(value) ?? 'null');
  }

  /** The pieces one after the other: one copy of their bytes, their slots moved along. */
  static concat(pieces: readonly SlottedJson[]): SlottedJson {
    const rawAt: number[] = [];
    const encodedAt: number[] = [];
    let length = 0;
    for (const piece of pieces) {
      for (const at of piece.rawAt) rawAt.push(length + at);
      for (const at of piece.encodedAt) encodedAt.push(length + at);
      length += piece.bytes.length;
    }
    const bytes = Buffer.concat(
      pieces.map((piece) => piece.bytes),
      length,
    );
    return new SlottedJson(bytes, rawAt, encodedAt);
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
