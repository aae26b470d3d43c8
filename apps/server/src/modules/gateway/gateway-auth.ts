import type { FastifyRequest } from 'fastify';
import type { ApiKeyService } from '../api-keys/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { firstValues } from '../../platform/http/parse-input.ts';

/**
 * How the service gateway's reads of public things declare who may call them: the caller of a
 * personal token or the session, or, without one, anyone sending a valid public `api_key`.
 */
export const GATEWAY_READERS = {
  auth: 'optional-session-or-token',
  apiKey: 'or-principal',
} as const;

/** Who reads the service gateway, as its routes ask. */
export interface GatewayAuth {
  /**
   * For reads of public things (routes declared `GATEWAY_READERS`): the route's principal, or
   * null for anyone sending a valid public `api_key` (401 `api_key_required` /
   * `api_key_invalid` for neither), as the public API asks.
   */
  reader(request: FastifyRequest): Promise<UserRow | null>;
}

export function gatewayAuth(deps: { apiKeys: ApiKeyService }): GatewayAuth {
  return {
    async reader(request) {
      if (request.principal) return request.principal;
      await deps.apiKeys.verify(firstValues(request.query).api_key);
      return null;
    },
  };
}
