import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';
import { randomBase62 } from '../lib/ids.ts';
import { parseInput } from '../http/parse-input.ts';
import type { AccountService } from './account.service.ts';
import type { ApiTokenRepository } from './api-token.repository.ts';
import { requireUser } from './current-user.ts';
import { hashSecret, newSecret } from './secret-token.ts';

import { documented } from '../http/openapi/route-doc.ts';
import { newPersonalTokenAnswer, personalTokensAnswer, revokedTokenAnswer } from '@jiffy/contracts';

const MAX_TOKENS = 50;
const tokenBody = z.object({ name: z.string().trim().min(1).max(60) });
const tokenParams = z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,40}$/) });
const session = ['session'];

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

  const list = documented({
    summary: 'Your personal tokens',
    responses: { 200: personalTokensAnswer },
    security: session,
  });
  app.get('/api/v3/tokens', list, async (request) => {
    const user = await owner(request);
    return { data: await deps.tokens.listOf(user.id) };
  });

  const make = documented({
    summary: 'Make a personal token (its secret is shown once)',
    body: tokenBody,
    responses: { 201: newPersonalTokenAnswer },
    security: session,
  });
  app.post('/api/v3/tokens', make, async (request, reply) => {
    const user = await owner(request);
    const { name } = parseInput(tokenBody, request.body ?? {});
    if ((await deps.tokens.listOf(user.id)).length >= MAX_TOKENS) {
      throw new AppError('invalid_request', `At most ${MAX_TOKENS} tokens; revoke one first.`);
    }
    const id = randomBase62(12);
    const token = newSecret();
    await deps.tokens.insert({ id, userId: user.id, name, tokenHash: hashSecret(token) });
    return reply.status(201).send({ data: { id, name, token } });
  });

  const revoke = documented({
    summary: 'Revoke a personal token',
    params: tokenParams,
    responses: { 200: revokedTokenAnswer },
    security: session,
  });
  app.delete('/api/v3/tokens/:id', revoke, async (request) => {
    const user = await owner(request);
    const { id } = parseInput(tokenParams, request.params);
    if (!(await deps.tokens.revoke(user.id, id)))
      throw new AppError('not_found', 'No such token of yours.');
    return { data: { id, revoked: true } };
  });
}
