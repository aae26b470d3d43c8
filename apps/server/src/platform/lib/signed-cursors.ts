import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { instanceSecret } from './instance-secret.ts';

/**
 * Opaque, signed page cursors: a JSON payload in base64url, then an HMAC-SHA256 over the list
 * it belongs to and the payload, with a secret this instance makes once and keeps in
 * `instance_settings` under `secretKey`. A cursor edited, made up, or taken from another list
 * decodes to undefined. The payload is no secret; the signature only stops callers from
 * making positions Jiffy never handed out.
 */
export class SignedCursors {
  readonly #settings: SettingsRepository;
  readonly #secretKey: string;
  #secret: Promise<Buffer> | undefined;

  constructor(settings: SettingsRepository, secretKey: string) {
    this.#settings = settings;
    this.#secretKey = secretKey;
  }

  async encode(list: string, payload: unknown): Promise<string> {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${await this.#sign(list, body)}`;
  }

  /** The payload of a cursor this list handed out; undefined for anything else. */
  async decode(list: string, cursor: string): Promise<unknown> {
    const [body, signature, extra] = cursor.split('.');
    if (!body || extra !== undefined) return undefined;
    const expected = Buffer.from(await this.#sign(list, body));
    const given = Buffer.from(signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown;
    } catch {
      return undefined;
    }
  }

  async #sign(list: string, body: string): Promise<string> {
    const secret = await this.#loadSecret();
    return createHmac('sha256', secret).update(`${list}\n${body}`).digest('base64url');
  }

  #loadSecret(): Promise<Buffer> {
    this.#secret ??= instanceSecret(this.#settings, this.#secretKey);
    return this.#secret;
  }
}
