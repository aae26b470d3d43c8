import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors/app-error.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';

/** Where a page of stories ended: its last story's sort time and id. */
export interface StoryPosition {
  at: Date;
  id: string;
}

const SECRET_KEY = 'story_cursor_secret';

/**
 * `next_cursor` for story lists: opaque to callers and signed (HMAC-SHA256 with a secret this
 * instance makes once and keeps in `instance_settings`), and bound to the list it came from,
 * so an edited cursor, or one from another author's list, is 400 `invalid_cursor` rather than
 * a page of something else. The position itself is no secret; the signature only stops
 * callers from making positions Jiffy never handed out.
 */
export class StoryCursors {
  readonly #settings: SettingsRepository;
  #secret: Promise<Buffer> | undefined;

  constructor(settings: SettingsRepository) {
    this.#settings = settings;
  }

  async encode(list: string, position: StoryPosition): Promise<string> {
    const payload = Buffer.from(JSON.stringify([position.at.toISOString(), position.id])).toString(
      'base64url',
    );
    return `${payload}.${await this.#sign(list, payload)}`;
  }

  async decode(list: string, cursor: string): Promise<StoryPosition> {
    const [payload, signature, extra] = cursor.split('.');
    const expected = payload ? Buffer.from(await this.#sign(list, payload)) : null;
    const given = Buffer.from(signature ?? '');
    if (
      !expected ||
      extra !== undefined ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    )
      throw new AppError('invalid_cursor', 'next_cursor is not one this list handed out.');
    const [at, id] = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as [string, string];
    return { at: new Date(at), id };
  }

  async #sign(list: string, payload: string): Promise<string> {
    const secret = await this.#loadSecret();
    return createHmac('sha256', secret).update(`${list}\n${payload}`).digest('base64url');
  }

  #loadSecret(): Promise<Buffer> {
    // Made once per instance; a concurrent first start on another node may win, so re-read.
    this.#secret ??= (async () => {
      let stored = await this.#settings.get<string>(SECRET_KEY);
      if (!stored) {
        await this.#settings.setIfAbsent(SECRET_KEY, randomBytes(32).toString('base64url'));
        stored = await this.#settings.get<string>(SECRET_KEY);
      }
      return Buffer.from(stored!, 'base64url');
    })();
    return this.#secret;
  }
}
