import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { principalOf } from '../../platform/http/route-auth.ts';
import type { ApiKeyService } from './api-key.service.ts';

import { documented } from '../../platform/http/openapi/route-doc.ts';
import { apiKeysAnswer, newApiKeyAnswer, revokedApiKeyAnswer } from '@jiffy/contracts';

const keyBody = z.strictObject({ name: z.string().trim().min(1).max(60) });
const keyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

/**
 * A user's public API keys (`api_key`) for their apps: create, list, revoke. Each key has its
 * own rate-limit budget on the public API.
 */
export function apiKeysRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeyService }): void {
  // A signed-in session only: a personal token does not manage the user's API keys.
  const auth = 'session';

  const list = documented({
    summary: 'Your API keys',
    responses: { 200: apiKeysAnswer },
    auth,
  });
  app.get('/api/v3/api-keys', list, async (request) => {
    const user = principalOf(request);
    return { data: await deps.apiKeys.listOf(user.id) };
  });

  const make = documented({
    summary: 'Make an API key',
    body: keyBody,
    responses: { 201: newApiKeyAnswer },
    auth,
  });
  app.post('/api/v3/api-keys', make, async (request, reply) => {
    const user = principalOf(request);
    const { name } = parseInput(keyBody, request.body ?? {});
    return reply.status(201).send({ data: await deps.apiKeys.create(user.id, name) });
  });

  const revoke = documented({
    summary: 'Revoke an API key',
    params: keyParams,
    responses: { 200: revokedApiKeyAnswer },
    auth,
  });
  app.delete('/api/v3/api-keys/:key', revoke, async (request) => {
    const user = principalOf(request);
    const { key } = parseInput(keyParams, request.params);
    if (!(await deps.apiKeys.revoke(user.id, key)))
      throw new AppError('not_found', 'No such key of yours.');
    return { data: { key, revoked: true } };
  });
}
