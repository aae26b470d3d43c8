import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKeyService } from '../api-keys/index.ts';
import { parseInput, firstValues } from '../../platform/http/parse-input.ts';

/**
 * Reads a public API query: repeated parameters collapse to their first value, the schema
 * checks it (400), then the api_key is verified (401). Bad input fails before the key lookup.
 */
export function publicQueryReader(apiKeys: ApiKeyService) {
  return async function read<S extends z.ZodType<{ api_key?: string | undefined }>>(
    schema: S,
    request: FastifyRequest,
  ): Promise<z.infer<S>> {
    const query = parseInput(schema, firstValues(request.query));
    await apiKeys.verify(query.api_key);
    return query;
  };
}
