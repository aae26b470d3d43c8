import { AppError } from '../errors/app-error.ts';
import { newApiKey } from '../lib/ids.ts';
import type { ApiKeyRepository } from './api-key.repository.ts';

/** Who a valid key belongs to (null for the instance's default key). */
export interface ApiCaller {
  key: string;
  userId: string | null;
}

const CACHE_MS = 30_000;
const MAX_KEYS_PER_USER = 20;

/** Checks public API keys; answers from a short in-process cache so each call costs no query. */
export class ApiKeyService {
  readonly #repo: ApiKeyRepository;
  readonly #cache = new Map<string, { caller: ApiCaller | null; until: number }>();

  constructor(repo: ApiKeyRepository) {
    this.#repo = repo;
  }

  /** Makes sure the instance has a default key: `configured` when given, else the stored or a new one. */
  async ensureDefault(configured: string | undefined): Promise<string> {
    const existing = await this.#repo.findDefault();
    const key = configured ?? existing ?? newApiKey();
    if (key !== existing) await this.#repo.setDefault(key);
    this.#cache.delete(key);
    return key;
  }

  async create(userId: string, name: string): Promise<{ key: string; name: string }> {
    if ((await this.#repo.listOf(userId)).length >= MAX_KEYS_PER_USER) {
      throw new AppError('invalid_request', `At most ${MAX_KEYS_PER_USER} keys; revoke one first.`);
    }
    const key = newApiKey();
    await this.#repo.insert({ key, userId, name });
    return { key, name };
  }

  listOf(userId: string): Promise<{ key: string; name: string; created_at: Date }[]> {
    return this.#repo.listOf(userId);
  }

  /** Revokes a user's key; this process stops accepting it at once (others within the cache time). */
  async revoke(userId: string, key: string): Promise<boolean> {
    const revoked = await this.#repo.revoke(userId, key);
    if (revoked) this.#cache.delete(key);
    return revoked;
  }

  /** Resolves the caller of `key`, or throws `api_key_required` / `api_key_invalid`. */
  async verify(key: unknown): Promise<ApiCaller> {
    if (typeof key !== 'string' || key.length === 0) {
      throw new AppError('api_key_required', 'An api_key is required.');
    }
    const now = Date.now();
    let entry = this.#cache.get(key);
    if (!entry || entry.until < now) {
      const record = key.length <= 128 ? await this.#repo.find(key) : undefined;
      const caller =
        record && !record.revoked_at ? { key: record.key, userId: record.user_id } : null;
      entry = { caller, until: now + CACHE_MS };
      if (this.#cache.size > 10_000) this.#cache.clear();
      this.#cache.set(key, entry);
    }
    if (!entry.caller) throw new AppError('api_key_invalid', 'The api_key is not valid.');
    return entry.caller;
  }
}
