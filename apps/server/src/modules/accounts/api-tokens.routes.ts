import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/http/parse-input.ts';
import type { PersonalTokenService } from './personal-token.service.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { principalOf } from '../../platform/http/route-auth.ts';
import { newPersonalTokenAnswer, personalTokensAnswer, revokedTokenAnswer } from '@jiffy/contracts';

const tokenBody = z.strictObject({ name: z.string().trim().min(1).max(60) });
const tokenParams = z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,40}$/) });

/**
 * Personal API tokens for the token-authenticated services (`Authorization: Token ...`). Made
 * and revoked from a signed-in session; the secret is shown once and stored only as a hash.
 */
export function apiTokensRoutes(
  app: FastifyInstance,
  deps: { tokens: PersonalTokenService },
): void {
  // A signed-in session only: a personal token cannot make or list tokens.
  const auth = 'session';

  const list = documented({
    summary: 'Your personal tokens',
    responses: { 200: personalTokensAnswer },
    auth,
  });
  app.get('/api/v3/tokens', list, async (request) => {
    const user = principalOf(request);
    return { data: await deps.tokens.listOf(user.id) };
  });

  const make = documented({
    summary: 'Make a personal token (its secret is shown once)',
    body: tokenBody,
    responses: { 201: newPersonalTokenAnswer },
    auth,
  });
  app.post('/api/v3/tokens', make, async (request, reply) => {
    const user = principalOf(request);
    const { name } = parseInput(tokenBody, request.body ?? {});
    return reply.status(201).send({ data: await deps.tokens.make(user.id, name) });
  });

  const revoke = documented({
    summary: 'Revoke a personal token',
    params: tokenParams,
    responses: { 200: revokedTokenAnswer },
    auth,
  });
  app.delete('/api/v3/tokens/:id', revoke, async (request) => {
    const user = principalOf(request);
    const { id } = parseInput(tokenParams, request.params);
    await deps.tokens.revoke(user.id, id);
    return { data: { id, revoked: true } };
  });
}
