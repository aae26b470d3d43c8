import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKeyService } from '../api-keys/api-key.service.ts';
import { AppError } from '../errors/app-error.ts';
import { CACHED_LIST } from '../http/public-api-caching.ts';
import { parseInput } from '../http/parse-input.ts';
import { firstValues, searchTerm } from '../public-api/list-query.schema.ts';
import {
  languageOf,
  tenorBaseQuery,
  tenorCategoriesQuery,
  tenorListQuery,
  tenorPostsQuery,
  tenorSearchQuery,
  tenorShareQuery,
  tenorTermsQuery,
} from './tenor-query.schema.ts';
import type { TenorListRequest, TenorService } from './tenor.service.ts';

/** The endpoints of Tenor's API v2, under `/v2` beside GIPHY's (none of whose paths they share). */
export const TENOR_PATHS = [
  '/v2/search',
  '/v2/featured',
  '/v2/categories',
  '/v2/search_suggestions',
  '/v2/autocomplete',
  '/v2/trending_terms',
  '/v2/registershare',
  '/v2/posts',
] as const;

/**
 * Tenor's API v2: the same Jiffy API keys (as `key`) and limits as GIPHY's dialect. Bad input
 * fails first (400), then the key (401), as in GIPHY's dialect; errors are Tenor's shape.
 */
export function tenorRoutes(
  app: FastifyInstance,
  deps: { tenor: TenorService; apiKeys: ApiKeyService },
): void {
  const { tenor } = deps;
  const input = async <S extends typeof tenorBaseQuery>(
    schema: S,
    request: FastifyRequest,
  ): Promise<z.infer<S>> => {
    const query = parseInput(schema, firstValues(request.query));
    await deps.apiKeys.verify(query.key).catch((error: unknown) => {
      // The same check as GIPHY's dialect, in Tenor's words: the parameter is `key`.
      if (error instanceof AppError && error.code === 'api_key_required')
        throw new AppError(error.code, 'A Jiffy API key is required as `key`.');
      if (error instanceof AppError && error.code === 'api_key_invalid')
        throw new AppError(error.code, 'The key is not a valid Jiffy API key.');
      throw error;
    });
    return query;
  };
  const listRequest = (query: z.infer<typeof tenorListQuery>): TenorListRequest => ({
    limit: query.limit,
    pos: query.pos,
    contentfilter: query.contentfilter,
    media_filter: query.media_filter,
    ar_range: query.ar_range,
    searchfilter: query.searchfilter,
    random: query.random,
    lang: languageOf(query.locale),
  });

  app.get('/v2/search', async (request) => {
    const query = await input(tenorSearchQuery, request);
    return tenor.search(searchTerm(query.q), listRequest(query));
  });

  app.get('/v2/featured', async (request) => {
    const query = await input(tenorListQuery, request);
    return tenor.featured(listRequest(query));
  });

  app.get('/v2/posts', async (request) => {
    const query = await input(tenorPostsQuery, request);
    return { results: await tenor.posts(query.ids, query.media_filter) };
  });

  app.get('/v2/categories', CACHED_LIST, async (request) => {
    const query = await input(tenorCategoriesQuery, request);
    const tags = await tenor.categories(query.type, query);
    return { locale: query.locale, tags };
  });

  const autocompleteQuery = tenorTermsQuery(20);
  app.get('/v2/autocomplete', CACHED_LIST, async (request) => {
    const query = await input(autocompleteQuery, request);
    const results = await tenor.autocomplete(searchTerm(query.q), query.limit);
    return { locale: query.locale, results };
  });

  const suggestionsQuery = tenorTermsQuery(8);
  app.get('/v2/search_suggestions', CACHED_LIST, async (request) => {
    const query = await input(suggestionsQuery, request);
    const results = await tenor.suggestions(searchTerm(query.q), query.limit);
    return { locale: query.locale, results };
  });

  const trendingQuery = tenorTermsQuery(20);
  app.get('/v2/trending_terms', CACHED_LIST, async (request) => {
    const query = await input(trendingQuery, request);
    return { locale: query.locale, results: await tenor.trendingTerms(query.limit) };
  });

  app.get('/v2/registershare', async (request) => {
    const query = await input(tenorShareQuery, request);
    await tenor.registerShare({
      id: query.id,
      q: query.q === undefined ? undefined : searchTerm(query.q),
      key: query.key!,
    });
    return {};
  });
}
