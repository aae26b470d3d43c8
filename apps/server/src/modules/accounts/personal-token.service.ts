import type { UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { randomBase62 } from '../../platform/lib/ids.ts';
import type { ApiTokenInfo, ApiTokenRepository } from './api-token.repository.ts';
import { hashSecret, newSecret } from './secret-token.ts';

/** How many live tokens one user may hold. */
const MAX_TOKENS = 50;

/** A token as its owner's list shows it (`personalTokensAnswer`): never its secret. */
export interface PresentedToken {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

const presentToken = (token: ApiTokenInfo): PresentedToken => ({
  id: token.id,
  name: token.name,
  created_at: token.created_at.toISOString(),
  last_used_at: token.last_used_at?.toISOString() ?? null,
});

/** A user's personal API tokens: listed, made (the secret shown once, kept as a hash), revoked. */
export class PersonalTokenService {
  readonly #tokens: ApiTokenRepository;

  constructor(tokens: ApiTokenRepository) {
    this.#tokens = tokens;
  }

  async listOf(userId: string): Promise<PresentedToken[]> {
    return (await this.#tokens.listOf(userId)).map(presentToken);
  }

  /** A new token for `userId`, its secret in `token` (this once). */
  async make(userId: string, name: string): Promise<{ id: string; name: string; token: string }> {
    if ((await this.#tokens.listOf(userId)).length >= MAX_TOKENS) {
      throw new AppError('invalid_request', `At most ${MAX_TOKENS} tokens; revoke one first.`);
    }
    const id = randomBase62(12);
    const token = newSecret();
    await this.#tokens.insert({ id, userId, name, tokenHash: hashSecret(token) });
    return { id, name, token };
  }

  /** The owner of a live token's secret (its last use noted), or null. */
  async ownerOf(secret: string): Promise<UserRow | null> {
    return (await this.#tokens.userOf(hashSecret(secret))) ?? null;
  }

  /** Revokes one of `userId`'s live tokens; `not_found` when there is none with that id. */
  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.#tokens.revoke(userId, id)))
      throw new AppError('not_found', 'No such token of yours.');
  }
}
