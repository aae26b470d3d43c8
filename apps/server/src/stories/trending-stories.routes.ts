import type { FastifyInstance } from 'fastify';
import { okEnvelope } from '../http/envelope.ts';
import { parseInput } from '../http/parse-input.ts';
import type { GatewayAuth } from '../gateway/gateway-auth.ts';
import { pathId } from '../gateway/gateway-input.ts';
import type { PresenterUrls } from '../gifs/gif.presenter.ts';
import { firstValues } from '../public-api/list-query.schema.ts';
import { trendingStoriesQuery, trendingStoryBody } from './story-input.schema.ts';
import { presentTrendingStory } from './story.presenter.ts';
import type { TrendingStoryService } from './trending-story.service.ts';

/**
 * Trending stories (§7). Staff put stories on and take them off; the list is public (the
 * /stories page opens with it), staff seeing the coming ones too.
 */
export function trendingStoriesRoutes(
  app: FastifyInstance,
  deps: { trending: TrendingStoryService; auth: GatewayAuth; base: string; urls: PresenterUrls },
): void {
  const { base, auth, urls } = deps;

  app.get(`${base}/stories/trending`, async (request) => {
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

  app.post(`${base}/stories/trending`, async (request, reply) => {
    const actor = await auth.actor(request);
    const input = parseInput(trendingStoryBody, request.body ?? {});
    const entry = await deps.trending.add(actor, input.trending_story);
    return reply.status(201).send(okEnvelope(presentTrendingStory(entry, urls), request));
  });

  app.delete(`${base}/stories/trending/:id`, async (request, reply) => {
    const id = pathId(request.params);
    await deps.trending.remove(await auth.actor(request), id);
    return reply.status(204).send();
  });
}
