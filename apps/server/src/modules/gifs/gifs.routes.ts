import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/index.ts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import type { GifReadService } from './gif-read.service.ts';
import { gifIdParams } from '../../platform/http/input-schemas.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { gifAnswer, uploadStatusAnswer } from '@jiffy/contracts';

const apiKeyQuery = z.looseObject({ api_key: z.string().max(256).optional() });

/** `GET /v1/gifs/:id` (GIPHY). */
export function gifsRoutes(
  app: FastifyInstance,
  deps: { reads: GifReadService; apiKeys: ApiKeyService },
): void {
  const byId = documented({
    auth: 'anonymous',
    apiKey: 'required',
    summary: 'A GIF by id',
    query: apiKeyQuery,
    params: gifIdParams,
    responses: { 200: gifAnswer },
  });
  app.get('/v1/gifs/:id', byId, async (request) => {
    const { api_key } = parseInput(apiKeyQuery, request.query);
    await deps.apiKeys.verify(api_key);
    const { id } = parseInput(gifIdParams, request.params);
    return okEnvelope(await deps.reads.getReady(id, request.id), request);
  });
}

/** `GET /api/v1/uploads/:id`: an upload's progress, for the site's upload page. */
export function uploadStatusRoutes(app: FastifyInstance, deps: { reads: GifReadService }): void {
  // The id is an unguessable 18-character random string, known only to whoever uploaded.
  const status = documented({
    auth: 'anonymous',
    summary: "An upload's progress",
    params: gifIdParams,
    responses: { 200: uploadStatusAnswer },
  });
  app.get('/api/v1/uploads/:id', status, async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    return { data: await deps.reads.getUploadStatus(id) };
  });
}
