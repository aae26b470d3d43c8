import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { randomBase62 } from '../lib/ids.ts';
import { parseInput } from '../http/parse-input.ts';
import type { AccountService } from './account.service.ts';
import type { ApiTokenRepository } from './api-token.repository.ts';
import { requireUser } from './current-user.ts';
import { hashSecret, newSecret } from './secret-token.ts';

const MAX_TOKENS = 50;

/**
 * Personal API tokens for the token-authenticated services (`Authorization: Token ...`). Made
 * and revoked from a signed-in session; the secret is shown once and stored only as a hash.
 */
export function apiTokensRoutes(
  app: FastifyInstance,
  deps: { tokens: ApiTokenRepository; accounts: AccountService },
): void {
  const owner = (request: FastifyRequest) =>
    requireUser(request, deps.accounts, 'to manage your tokens');

  app.get('/api/v3/tokens', async (request) => {
    const user = await owner(request);
    return { data: await deps.tokens.listOf(user.id) };
  });

  app.post('/api/v3/tokens', async (request, reply) => {
    const user = await owner(request);
    const { name } = parseInput(
      z.object({ name: z.string().trim().min(1).max(60) }),
      request.body ?? {},
    );
    if ((await deps.tokens.listOf(user.id)).length >= MAX_TOKENS) {
      throw new AppError('invalid_request', `At most ${MAX_TOKENS} tokens; revoke one first.`);
    }
    const id = randomBase62(12);
    const token = newSecret();
    await deps.tokens.insert({ id, userId: user.id, name, tokenHash: hashSecret(token) });
    return reply.status(201).send({ data: { id, name, token } });
  });

  app.delete('/api/v3/tokens/:id', async (request) => {
    const user = await owner(request);
    const { id } = parseInput(
      z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,40}$/) }),
      request.params,
    );
    if (!(await deps.tokens.revoke(user.id, id)))
      throw new AppError('not_found', 'No such token of yours.');
    return { data: { id, revoked: true } };
  });
}
