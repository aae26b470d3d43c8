import { AppError } from '../../platform/errors/app-error.ts';
import { newApiKey } from '../../platform/lib/ids.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';
import type { ApiKeyRepository } from './api-key.repository.ts';

/** Who a valid key belongs to (null for the instance's default key). */
export interface ApiCaller {
  key: string;
  userId: string | null;
}

const CACHE_MS = 30_000;
const MAX_KEYS_PER_USER = 20;
const MAX_KEY_LENGTH = 128;

/**
 * Checks public API keys; answers from a short in-process cache so each call costs no query.
 * The cache is bounded by count and evicts the least recently used: a flood of made-up keys
 * costs one indexed look-up each and pushes out only other made-up keys' entries first.
 */
export class ApiKeyService {
  readonly #repo: ApiKeyRepository;
  // A known-invalid key is remembered as `false` (the cache holds no null).
  readonly #cache: NamedCache<ApiCaller | false>;

  constructor(repo: ApiKeyRepository, caches: CacheRegistry) {
    this.#repo = repo;
    this.#cache = caches.create({ name: 'api_keys', max: 10_000, ttlMs: CACHE_MS });
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
    const caller = await this.callerOf(key);
    if (!caller) throw new AppError('api_key_invalid', 'The api_key is not valid.');
    return caller;
  }

  /** The caller of `key` when it is one of the instance's live keys, else null (never throws). */
  async callerOf(key: string): Promise<ApiCaller | null> {
    // No key is that long: not worth a query, nor a place in the cache.
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) return null;
    // Callers of one key at once share its look-up; one under way when it is revoked is not kept.
    const caller = await this.#cache.fetch(key, async () => {
      const record = await this.#repo.find(key);
      return record && !record.revoked_at ? { key: record.key, userId: record.user_id } : false;
    });
    return caller || null;
  }
}
