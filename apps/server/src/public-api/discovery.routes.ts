import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/api-key.service.ts';
import { analyticsPayload } from '../gifs/gif.presenter.ts';
import { okEnvelope } from '../http/envelope.ts';
import { parseInput } from '../http/parse-input.ts';
import { publicQueryReader } from './public-query.ts';
import type { DiscoveryService } from './discovery.service.ts';
import type { ChannelSearchService } from '../channels/channel-search.service.ts';
import { limitParam, listQuerySchema, searchTerm } from './list-query.schema.ts';
import { CACHED_LIST, NEVER_CACHED } from '../http/public-api-caching.ts';

const tagQuery = listQuerySchema.extend({
  q: z.unknown().optional(),
  limit: limitParam(5),
});
const tagParams = z.object({ tag: z.string().trim().min(1).max(50) });
const channelQuery = listQuerySchema.extend({ q: z.unknown().optional() });

/** Autocomplete, related tags, trending searches, channel search and random ids (GIPHY paths). */
export function discoveryRoutes(
  app: FastifyInstance,
  deps: {
    discovery: DiscoveryService;
    channelSearch: ChannelSearchService;
    apiKeys: ApiKeyService;
  },
): void {
  const input = publicQueryReader(deps.apiKeys);

  app.get('/v1/gifs/search/tags', CACHED_LIST, async (request) => {
    const query = await input(tagQuery, request);
    const tags = await deps.discovery.completeTag(searchTerm(query.q), query.limit);
    const data = tags.map((t) => ({
      ...t,
      analytics_response_payload: analyticsPayload(`tag:${t.name}`, request.id),
    }));
    return okEnvelope(data, request, { total_count: data.length, count: data.length, offset: 0 });
  });

  app.get('/v1/tags/related/:tag', async (request) => {
    const query = await input(listQuerySchema, request);
    const { tag } = parseInput(tagParams, request.params);
    const data = await deps.discovery.relatedTags(tag, query.limit);
    return okEnvelope(data, request, { total_count: data.length, count: data.length, offset: 0 });
  });

  for (const version of ['v1', 'v2']) {
    app.get(`/${version}/trending/searches`, CACHED_LIST, async (request) => {
      await input(listQuerySchema, request);
      return okEnvelope(await deps.discovery.trendingSearches(), request);
    });
  }

  app.get('/v1/channels/search', async (request) => {
    const query = await input(channelQuery, request);
    const term = searchTerm(query.q).replace(/^@/, '');
    const result = await deps.channelSearch.search(term, {
      limit: query.limit,
      offset: query.offset,
    });
    return okEnvelope(result.channels, request, result.pagination);
  });

  app.get('/v1/randomid', NEVER_CACHED, async (request) => {
    await input(listQuerySchema, request);
    return okEnvelope({ random_id: deps.discovery.newRandomId() }, request);
  });
}
