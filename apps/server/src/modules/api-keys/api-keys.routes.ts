import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser, type AccountService } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import type { ApiKeyService } from './api-key.service.ts';

import { documented } from '../../platform/http/openapi/route-doc.ts';
import { apiKeysAnswer, newApiKeyAnswer, revokedApiKeyAnswer } from '@jiffy/contracts';

const keyBody = z.strictObject({ name: z.string().trim().min(1).max(60) });
const keyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
const session = ['session', 'token'];

/**
 * A user's public API keys (`api_key`) for their apps: create, list, revoke. Each key has its
 * own rate-limit budget on the public API.
 */
export function apiKeysRoutes(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeyService; accounts: AccountService },
): void {
  const owner = (request: FastifyRequest) =>
    requireUser(request, deps.accounts, 'to manage your API keys');

  const list = documented({
    summary: 'Your API keys',
    responses: { 200: apiKeysAnswer },
    security: session,
  });
  app.get('/api/v3/api-keys', list, async (request) => {
    const user = await owner(request);
    return { data: await deps.apiKeys.listOf(user.id) };
  });

  const make = documented({
    summary: 'Make an API key',
    body: keyBody,
    responses: { 201: newApiKeyAnswer },
    security: session,
  });
  app.post('/api/v3/api-keys', make, async (request, reply) => {
    const user = await owner(request);
    const { name } = parseInput(keyBody, request.body ?? {});
    return reply.status(201).send({ data: await deps.apiKeys.create(user.id, name) });
  });

  const revoke = documented({
    summary: 'Revoke an API key',
    params: keyParams,
    responses: { 200: revokedApiKeyAnswer },
    security: session,
  });
  app.delete('/api/v3/api-keys/:key', revoke, async (request) => {
    const user = await owner(request);
    const { key } = parseInput(keyParams, request.params);
    if (!(await deps.apiKeys.revoke(user.id, key)))
      throw new AppError('not_found', 'No such key of yours.');
    return { data: { key, revoked: true } };
  });
}
