import { AppError } from '../../platform/errors/app-error.ts';
import { SignedCursors } from '../../platform/lib/signed-cursors.ts';
import type { SettingsRepository } from '../../platform/settings/settings.repository.ts';

/**
 * Where a Tenor list goes on (`pos`, the `next` of the page before): the position in the
 * list, the random order's seed, and fingerprints of the GIFs the page before showed, so the
 * next page leaves them out even when the ranking moved in between (see pageWithoutRepeats).
 */
export interface TenorPosition {
  offset: number;
  /** Seed of `random=true`'s order; null for the list's own order. */
  seed: number | null;
  /** How many positions before `offset` the next page reads again. */
  back: number;
  /** 32-bit fingerprints of the ids shown in those positions. */
  shown: number[];
}

const MAX_SHOWN = 50;

/**
 * Tenor's `next`/`pos`: opaque, signed, and bound to the list it came from (endpoint, words and
 * filters), so an edited cursor or one from another search is a 400 `invalid_cursor`.
 */
export class TenorCursors {
  readonly #signed: SignedCursors;

  constructor(settings: SettingsRepository) {
    this.#signed = new SignedCursors(settings, 'tenor_cursor_secret');
  }

  encode(list: string, position: TenorPosition): Promise<string> {
    const shown = Buffer.alloc(position.shown.length * 4);
    position.shown.forEach((f, i) => shown.writeUInt32BE(f >>> 0, i * 4));
    const { offset, seed, back } = position;
    return this.#signed.encode(list, [offset, seed, back, shown.toString('base64url')]);
  }

  async decode(list: string, cursor: string): Promise<TenorPosition> {
    const payload = cursor.length <= 1024 ? await this.#signed.decode(list, cursor) : undefined;
    if (!Array.isArray(payload) || payload.length !== 4) throw invalid();
    const [offset, seed, back, shown] = payload as unknown[];
    if (!Number.isSafeInteger(offset) || (offset as number) < 0) throw invalid();
    if (!Number.isSafeInteger(back) || (back as number) < 0 || (back as number) > MAX_SHOWN)
      throw invalid();
    if (seed !== null && !Number.isSafeInteger(seed)) throw invalid();
    if (typeof shown !== 'string') throw invalid();
    const bytes = Buffer.from(shown, 'base64url');
    if (bytes.length % 4 !== 0 || bytes.length > MAX_SHOWN * 4) throw invalid();
    const prints = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readUInt32BE(i * 4));
    return {
      offset: offset as number,
      seed: seed as number | null,
      back: back as number,
      shown: prints,
    };
  }
}

const invalid = () =>
  new AppError('invalid_cursor', 'pos: not a `next` value this search handed out.');

/** FNV-1a: a GIF id's 32-bit fingerprint (a collision only ever hides a GIF, never repeats one). */
export function fingerprint(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
