import type { FastifyInstance } from 'fastify';
import { featureAnswer, studiosAnswer } from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import type { PresenterUrls } from '../gifs/index.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { featureBody, featureParams, studiosQuery } from './studio-input.schema.ts';
import { presentStudios } from './studio.presenter.ts';
import type { StudioService } from './studio.service.ts';

/** `/api/v1/studios/`: read by anyone; staff feature and unfeature (session + CSRF). */
export function studiosRoutes(
  app: FastifyInstance,
  deps: { studios: StudioService; urls: PresenterUrls },
): void {
  const tags = ['Profiles'];
  const list = documented({
    auth: 'anonymous',
    summary: 'The featured channels and creators (the studios page)',
    tags,
    query: studiosQuery,
    responses: { 200: studiosAnswer },
  });
  app.get('/api/v1/studios/', list, async (request) => {
    parseInput(studiosQuery, request.query);
    return { data: presentStudios(await deps.studios.list(), deps.urls) };
  });

  const feature = documented({
    summary: 'Feature a channel or a creator (staff)',
    tags,
    body: featureBody,
    responses: { 201: featureAnswer },
    auth: 'session',
  });
  app.post('/api/v1/studios/', feature, async (request, reply) => {
    const input = parseInput(featureBody, request.body ?? {});
    const feature = await deps.studios.feature(request.principal, input);
    return reply.code(201).send({ data: { feature_id: feature.id } });
  });

  const unfeature = documented({
    summary: 'Stop featuring one (staff)',
    tags,
    params: featureParams,
    responses: { 204: null },
    auth: 'session',
  });
  app.delete('/api/v1/studios/:id/', unfeature, async (request, reply) => {
    const { id } = parseInput(featureParams, request.params);
    await deps.studios.unfeature(request.principal, id);
    return reply.code(204).send();
  });
}
