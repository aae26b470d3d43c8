import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountService } from '../accounts/account.service.ts';
import { currentUser } from '../accounts/current-user.ts';
import type { PresenterUrls } from '../gifs/gif.presenter.ts';
import { parseInput } from '../http/parse-input.ts';
import { featureBody, featureParams, studiosQuery } from './studio-input.schema.ts';
import { presentStudios } from './studio.presenter.ts';
import type { StudioService } from './studio.service.ts';

/** `/api/v1/studios/`: read by anyone; staff feature and unfeature (session + CSRF). */
export function studiosRoutes(
  app: FastifyInstance,
  deps: { studios: StudioService; accounts: AccountService; urls: PresenterUrls },
): void {
  const actor = (request: FastifyRequest) => currentUser(request, deps.accounts);

  app.get('/api/v1/studios/', async (request) => {
    parseInput(studiosQuery, request.query);
    return { data: presentStudios(await deps.studios.list(), deps.urls) };
  });

  app.post('/api/v1/studios/', async (request, reply) => {
    const input = parseInput(featureBody, request.body ?? {});
    const feature = await deps.studios.feature(await actor(request), input);
    return reply.code(201).send({ data: { feature_id: feature.id } });
  });

  app.delete('/api/v1/studios/:id/', async (request, reply) => {
    const { id } = parseInput(featureParams, request.params);
    await deps.studios.unfeature(await actor(request), id);
    return reply.code(204).send();
  });
}
