import type { FastifyInstance } from 'fastify';
import { channelsAnswer } from '@jiffy/contracts';
import type { ApiKeyService } from '../api-keys/index.ts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { listQuerySchema, publicQueryReader, searchTermParam } from '../public-api/index.ts';
import type { ChannelSearchService } from './channel-search.service.ts';

// GIPHY's channel search takes a term and a page; channels have no rating or language.
const channelQuery = listQuerySchema.omit({ rating: true, lang: true }).extend({
  q: searchTermParam("A channel's or user's name."),
});

/** GIPHY's channel search (`/v1/channels/search`), on the public API. */
export function channelSearchRoutes(
  app: FastifyInstance,
  deps: { channelSearch: ChannelSearchService; apiKeys: ApiKeyService },
): void {
  const input = publicQueryReader(deps.apiKeys);
  const channels = documented({
    auth: 'anonymous',
    apiKey: 'required',
    summary: 'Search channels',
    errors: ['query_too_long'],
    query: channelQuery,
    responses: { 200: channelsAnswer },
  });
  app.get('/v1/channels/search', channels, async (request) => {
    const query = await input(channelQuery, request);
    const term = query.q.replace(/^@/, '');
    const result = await deps.channelSearch.search(term, {
      limit: query.limit,
      offset: query.offset,
    });
    return okEnvelope(result.channels, request, result.pagination);
  });
}
