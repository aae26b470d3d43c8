import { AppError } from '../../platform/errors/app-error.ts';
import { SignedCursors } from '../../platform/lib/signed-cursors.ts';
import type { SettingsRepository } from '../../platform/settings/settings.repository.ts';

/** Where a page of stories ended: its last story's sort time and id. */
export interface StoryPosition {
  at: Date;
  id: string;
}

/**
 * `next_cursor` for story lists: opaque to callers, signed and bound to the list it came from
 * (SignedCursors), so an edited cursor, or one from another author's list, is 400
 * `invalid_cursor` rather than a page of something else.
 */
export class StoryCursors {
  readonly #signed: SignedCursors;

  constructor(settings: SettingsRepository) {
    this.#signed = new SignedCursors(settings, 'story_cursor_secret');
  }

  encode(list: string, position: StoryPosition): Promise<string> {
    return this.#signed.encode(list, [position.at.toISOString(), position.id]);
  }

  async decode(list: string, cursor: string): Promise<StoryPosition> {
    const payload = await this.#signed.decode(list, cursor);
    if (
      !Array.isArray(payload) ||
      payload.length !== 2 ||
      typeof payload[0] !== 'string' ||
      typeof payload[1] !== 'string'
    )
      throw new AppError('invalid_cursor', 'next_cursor is not one this list handed out.');
    return { at: new Date(payload[0]), id: payload[1] };
  }
}
