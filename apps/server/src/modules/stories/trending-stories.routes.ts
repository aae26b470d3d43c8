import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { trendingStoriesAnswer, trendingStoryAnswer } from '@jiffy/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput, firstValues } from '../../platform/http/parse-input.ts';
import { GATEWAY_READERS, gatewayIdParams, pathId, type GatewayAuth } from '../gateway/index.ts';
import type { PresenterUrls } from '../gifs/index.ts';
import {
  trendingStoriesQuery,
  trendingStoryBody,
  trendingStoryRemovalBody,
  trendingStoryRemovalQuery,
} from './story-input.schema.ts';
import { presentTrendingStory } from './story.presenter.ts';
import type { TrendingStoryService } from './trending-story.service.ts';

/**
 * Trending stories. Staff put stories on and take them off; the list is public (the
 * /stories page opens with it), staff seeing the coming ones too.
 */
export function trendingStoriesRoutes(
  app: FastifyInstance,
  deps: { trending: TrendingStoryService; auth: GatewayAuth; base: string; urls: PresenterUrls },
): void {
  const { base, auth, urls } = deps;

  const tags = ['Stories'];
  const list = documented({
    summary: 'Trending stories',
    description: 'Staff see the ones still to come too.',
    tags,
    query: trendingStoriesQuery,
    responses: { 200: trendingStoriesAnswer },
    ...GATEWAY_READERS,
  });
  app.get(`${base}/stories/trending`, list, async (request) => {
    const input = parseInput(trendingStoriesQuery, firstValues(request.query));
    const actor = await auth.reader(request);
    const entries = await deps.trending.list(actor, {
      sort: input.sort,
      hydration: input.gif_hydration_method,
    });
    return okEnvelope(
      entries.map((entry) => presentTrendingStory(entry, urls)),
      request,
    );
  });

  const add = documented({
    summary: 'Put a story on trending stories (staff)',
    errors: ['story_not_found', 'story_not_published'],
    tags,
    body: trendingStoryBody,
    responses: { 201: trendingStoryAnswer },
    auth: 'session-or-token',
  });
  app.post(`${base}/stories/trending`, add, async (request, reply) => {
    const actor = request.principal;
    const input = parseInput(trendingStoryBody, request.body ?? {});
    const entry = await deps.trending.add(actor, input.trending_story);
    return reply.status(201).send(okEnvelope(presentTrendingStory(entry, urls), request));
  });

  const takeOff = async (request: FastifyRequest, reply: FastifyReply, storyId: string) => {
    await deps.trending.remove(request.principal, storyId);
    return reply.status(204).send();
  };
  const remove = documented({
    summary: 'Take a story off trending stories (staff)',
    errors: ['story_not_found'],
    tags,
    params: gatewayIdParams,
    responses: { 204: null },
    auth: 'session-or-token',
  });
  app.delete(`${base}/stories/trending/:id`, remove, (request, reply) =>
    takeOff(request, reply, pathId(request.params)),
  );

  const removeNamed = documented({
    summary: 'Take a story off trending stories (staff), named by `story_id`',
    errors: ['story_not_found'],
    description: 'The story is `?story_id=`, or `trending_story.story_id` in the body.',
    tags,
    query: trendingStoryRemovalQuery,
    body: trendingStoryRemovalBody,
    responses: { 204: null },
    auth: 'session-or-token',
  });
  app.delete(`${base}/stories/trending`, removeNamed, (request, reply) => {
    const inQuery = parseInput(trendingStoryRemovalQuery, firstValues(request.query)).story_id;
    const inBody = parseInput(trendingStoryRemovalBody, request.body ?? undefined)?.trending_story
      .story_id;
    if (inQuery && inBody && inQuery !== inBody)
      throw new AppError('invalid_request', 'story_id: the query and the body name two stories');
    const storyId = inQuery ?? inBody;
    if (!storyId)
      throw new AppError(
        'invalid_request',
        'story_id: required, as ?story_id= or as trending_story.story_id in the body',
      );
    return takeOff(request, reply, storyId);
  });
}
