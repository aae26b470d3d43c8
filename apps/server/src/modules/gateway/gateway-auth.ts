import type { FastifyRequest } from 'fastify';
import { currentUser, type AccountService, type PersonalTokenService } from '../accounts/index.ts';
import type { ApiKeyService } from '../api-keys/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { firstValues } from '../../platform/http/parse-input.ts';

/** Who calls the service gateway, as its routes ask. */
export interface GatewayAuth {
  /** The caller of a personal token (`Authorization: Token …`) or the session; else null. */
  actor(request: FastifyRequest): Promise<UserRow | null>;
  /**
   * For reads of public things: the signed-in caller, or null for anyone sending a valid public
   * `api_key` (401 `api_key_required` / `api_key_invalid` for neither), as the public API asks.
   */
  reader(request: FastifyRequest): Promise<UserRow | null>;
}

export function gatewayAuth(deps: {
  accounts: AccountService;
  tokens: PersonalTokenService;
  apiKeys: ApiKeyService;
}): GatewayAuth {
  const actor = (request: FastifyRequest) => currentUser(request, deps.accounts, deps.tokens);
  return {
    actor,
    async reader(request) {
      const user = await actor(request);
      if (user) return user;
      await deps.apiKeys.verify(firstValues(request.query).api_key);
      return null;
    },
  };
}
