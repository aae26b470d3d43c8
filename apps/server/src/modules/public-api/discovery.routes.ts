import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/index.ts';
import { analyticsPayload } from '../gifs/index.ts';
import { foundPagination, okEnvelope } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { publicQueryReader } from './public-query.ts';
import { TRENDING_SEARCHES, type DiscoveryService } from './discovery.service.ts';
import {
  allowedRatings,
  limitParam,
  listQuerySchema,
  searchTermParam,
} from './list-query.schema.ts';
import { NEVER_CACHED, REVALIDATED_LIST } from '../../platform/http/public-api-caching.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import {
  randomIdAnswer,
  relatedTagsAnswer,
  tagSuggestionsAnswer,
  trendingSearchesAnswer,
} from '@jiffy/contracts';

const tagQuery = listQuerySchema.extend({
  q: searchTermParam('The start of a tag.'),
  limit: limitParam(5),
});
const trendingSearchesQuery = listQuerySchema.extend({ limit: limitParam(TRENDING_SEARCHES) });
const tagParams = z.object({ tag: z.string().trim().min(1).max(50) });

/** Autocomplete, related tags, trending searches and random ids (GIPHY paths). */
export function discoveryRoutes(
  app: FastifyInstance,
  deps: {
    discovery: DiscoveryService;
    apiKeys: ApiKeyService;
  },
): void {
  const input = publicQueryReader(deps.apiKeys);

  const autocomplete = documented(
    {
      auth: 'anonymous',
      apiKey: 'required',
      summary: 'Complete a tag',
      errors: ['query_too_long'],
      description: 'Hidden and blocked trending terms are never suggested.',
      query: tagQuery,
      responses: { 200: tagSuggestionsAnswer },
    },
    REVALIDATED_LIST,
  );
  app.get('/v1/gifs/search/tags', autocomplete, async (request) => {
    const query = await input(tagQuery, request);
    const tags = await deps.discovery.completeTag(
      query.q,
      { limit: query.limit, offset: query.offset },
      allowedRatings(query.rating),
    );
    const data = tags.map((t) => ({
      ...t,
      analytics_response_payload: analyticsPayload(`tag:${t.name}`, request.id),
    }));
    return okEnvelope(data, request, foundPagination(query.offset, data.length));
  });

  const relatedTags = documented({
    auth: 'anonymous',
    apiKey: 'required',
    summary: 'Tags found with a tag',
    query: listQuerySchema,
    params: tagParams,
    responses: { 200: relatedTagsAnswer },
  });
  app.get('/v1/tags/related/:tag', relatedTags, async (request) => {
    const query = await input(listQuerySchema, request);
    const { tag } = parseInput(tagParams, request.params);
    const page = { limit: query.limit, offset: query.offset };
    const data = await deps.discovery.relatedTags(tag, page, {
      ratings: allowedRatings(query.rating),
    });
    return okEnvelope(data, request, foundPagination(query.offset, data.length));
  });

  for (const version of ['v1', 'v2']) {
    const searches = documented(
      {
        auth: 'anonymous',
        apiKey: 'required',
        summary: 'What people search',
        description:
          'Terms that found GIFs for several distinct visitors in the last week, most visitors ' +
          'first; hidden and blocked terms left out.',
        query: trendingSearchesQuery,
        responses: { 200: trendingSearchesAnswer },
      },
      REVALIDATED_LIST,
    );
    app.get(`/${version}/trending/searches`, searches, async (request) => {
      const { limit, offset } = await input(trendingSearchesQuery, request);
      return okEnvelope(await deps.discovery.trendingSearches({ limit, offset }), request);
    });
  }

  const randomId = documented(
    {
      summary: 'A new random id',
      auth: 'anonymous',
      apiKey: 'required',
      query: listQuerySchema,
      responses: { 200: randomIdAnswer },
    },
    NEVER_CACHED,
  );
  app.get('/v1/randomid', randomId, async (request) => {
    await input(listQuerySchema, request);
    return okEnvelope({ random_id: deps.discovery.newRandomId() }, request);
  });
}
