import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccountService } from '../accounts/account.service.ts';
import { requireUser } from '../accounts/current-user.ts';
import { AppError } from '../errors/app-error.ts';
import { parseInput } from '../http/parse-input.ts';
import type { ApiKeyService } from './api-key.service.ts';

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

  app.get('/api/v3/api-keys', async (request) => {
    const user = await owner(request);
    return { data: await deps.apiKeys.listOf(user.id) };
  });

  app.post('/api/v3/api-keys', async (request, reply) => {
    const user = await owner(request);
    const { name } = parseInput(
      z.object({ name: z.string().trim().min(1).max(60) }),
      request.body ?? {},
    );
    return reply.status(201).send({ data: await deps.apiKeys.create(user.id, name) });
  });

  app.delete('/api/v3/api-keys/:key', async (request) => {
    const user = await owner(request);
    const { key } = parseInput(
      z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
      request.params,
    );
    if (!(await deps.apiKeys.revoke(user.id, key)))
      throw new AppError('not_found', 'No such key of yours.');
    return { data: { key, revoked: true } };
  });
}
