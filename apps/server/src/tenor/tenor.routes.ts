import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKeyService } from '../api-keys/api-key.service.ts';
import { AppError } from '../errors/app-error.ts';
import {
  tenorCategoriesAnswer,
  tenorPageAnswer,
  tenorPostsAnswer,
  tenorShareAnswer,
  tenorTermsAnswer,
} from '@jiffy/contracts';
import { documented, type RouteDoc } from '../http/openapi/route-doc.ts';
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

  const doc = (route: RouteDoc): RouteDoc => ({ security: ['tenorKey'], ...route });

  const search = documented(
    doc({
      summary: 'Search (Tenor)',
      description:
        'Posts for `q`, most relevant first; `pos` is the opaque `next` of the page before.',
      query: tenorSearchQuery,
      responses: { 200: tenorPageAnswer },
    }),
  );
  app.get('/v2/search', search, async (request) => {
    const query = await input(tenorSearchQuery, request);
    return tenor.search(searchTerm(query.q), listRequest(query));
  });

  const featured = documented(
    doc({
      summary: 'Featured posts (Tenor)',
      description: 'Trending posts; `pos` is the opaque `next` of the page before.',
      query: tenorListQuery,
      responses: { 200: tenorPageAnswer },
    }),
  );
  app.get('/v2/featured', featured, async (request) => {
    const query = await input(tenorListQuery, request);
    return tenor.featured(listRequest(query));
  });

  const posts = documented(
    doc({
      summary: 'Posts by id (Tenor)',
      description: 'Up to 50 ids, comma-separated; ids that do not exist are left out.',
      query: tenorPostsQuery,
      responses: { 200: tenorPostsAnswer },
    }),
  );
  app.get('/v2/posts', posts, async (request) => {
    const query = await input(tenorPostsQuery, request);
    return { results: await tenor.posts(query.ids, query.media_filter) };
  });

  const categories = documented(
    doc({
      summary: 'Categories (Tenor)',
      description: '`featured`: categories from tags; `trending`: trending searches.',
      query: tenorCategoriesQuery,
      responses: { 200: tenorCategoriesAnswer },
    }),
    CACHED_LIST,
  );
  app.get('/v2/categories', categories, async (request) => {
    const query = await input(tenorCategoriesQuery, request);
    const tags = await tenor.categories(query.type, query);
    return { locale: query.locale, tags };
  });

  const autocompleteQuery = tenorTermsQuery(20);
  const autocomplete = documented(
    doc({
      summary: 'Complete a search term (Tenor)',
      query: autocompleteQuery,
      responses: { 200: tenorTermsAnswer },
    }),
    CACHED_LIST,
  );
  app.get('/v2/autocomplete', autocomplete, async (request) => {
    const query = await input(autocompleteQuery, request);
    const results = await tenor.autocomplete(searchTerm(query.q), query.limit);
    return { locale: query.locale, results };
  });

  const suggestionsQuery = tenorTermsQuery(8);
  const suggestions = documented(
    doc({
      summary: 'Searches related to a term (Tenor)',
      query: suggestionsQuery,
      responses: { 200: tenorTermsAnswer },
    }),
    CACHED_LIST,
  );
  app.get('/v2/search_suggestions', suggestions, async (request) => {
    const query = await input(suggestionsQuery, request);
    const results = await tenor.suggestions(searchTerm(query.q), query.limit);
    return { locale: query.locale, results };
  });

  const trendingQuery = tenorTermsQuery(20);
  const trending = documented(
    doc({
      summary: 'Trending search terms (Tenor)',
      query: trendingQuery,
      responses: { 200: tenorTermsAnswer },
    }),
    CACHED_LIST,
  );
  app.get('/v2/trending_terms', trending, async (request) => {
    const query = await input(trendingQuery, request);
    return { locale: query.locale, results: await tenor.trendingTerms(query.limit) };
  });

  const share = documented(
    doc({
      summary: 'Register a share (Tenor)',
      description: 'Counts as a share of the post (and of `q`, when given) for trending.',
      query: tenorShareQuery,
      responses: { 200: tenorShareAnswer },
    }),
  );
  app.get('/v2/registershare', share, async (request) => {
    const query = await input(tenorShareQuery, request);
    await tenor.registerShare({
      id: query.id,
      q: query.q === undefined ? undefined : searchTerm(query.q),
      key: query.key!,
    });
    return {};
  });
}
