import { createHmac } from 'node:crypto';

/**
 * Who searched, as trending searches store it: an HMAC-SHA256 of the visitor (a user id, or an
 * address bucket) under a key of the day, itself derived from the instance's secret. Without
 * the secret no stored value leads back to an address; and since the key changes every UTC
 * day, the same visitor's values on two days cannot be matched, so nobody can be followed
 * across days. Distinct visitors are therefore counted within a day (see DiscoveryService).
 */
export class SearchVisitorHasher {
  readonly #secret: () => Promise<Buffer>;
  #dayKey: { day: string; key: Buffer } | undefined;

  /** `secret`: the instance's secret for this (instanceSecret, 'search_visitor_secret'). */
  constructor(secret: () => Promise<Buffer>) {
    this.#secret = secret;
  }

  /** The stored form of `visitor` on `day` (`YYYY-MM-DD`, UTC). */
  async hash(day: string, visitor: string): Promise<string> {
    return createHmac('sha256', await this.#keyOf(day))
      .update(visitor)
      .digest('base64url');
  }

  async #keyOf(day: string): Promise<Buffer> {
    if (this.#dayKey?.day !== day) {
      const key = createHmac('sha256', await this.#secret())
        .update(`search visitors ${day}`)
        .digest();
      this.#dayKey = { day, key };
    }
    return this.#dayKey.key;
  }
}
