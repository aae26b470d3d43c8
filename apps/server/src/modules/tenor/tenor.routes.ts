import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKeyService } from '../api-keys/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  tenorCategoriesAnswer,
  tenorPageAnswer,
  tenorPostsAnswer,
  tenorShareAnswer,
  tenorTermsAnswer,
} from '@jiffy/contracts';
import { documented, type DocumentedRoute } from '../../platform/http/openapi/route-doc.ts';
import { CACHED_LIST, REVALIDATED_LIST } from '../../platform/http/public-api-caching.ts';
import { parseInput, firstValues } from '../../platform/http/parse-input.ts';
import type { Auth, CachePolicy } from '../../platform/http/route-policy.ts';
import { searchVisitor } from '../public-api/index.ts';
import {
  languageOf,
  tenorBaseQuery,
  tenorCategoriesQuery,
  tenorListQuery,
  tenorPostsQuery,
  tenorSearchQuery,
  tenorShareQuery,
  tenorTermsQuery,
  tenorTrendingTermsQuery,
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

  /**
   * One Tenor call: documented with its query schema and the `key` it takes (anyone's with a
   * key, unless `doc` states another auth), the query parsed and the key checked before
   * `answer` runs.
   */
  const route = <S extends typeof tenorBaseQuery>(
    path: (typeof TENOR_PATHS)[number],
    schema: S,
    doc: Omit<DocumentedRoute, 'query' | 'apiKey' | 'auth'> & { auth?: Auth },
    answer: (query: z.infer<S>, request: FastifyRequest) => Promise<unknown>,
    options?: typeof CACHED_LIST | typeof REVALIDATED_LIST,
  ): void => {
    const spec = documented<{ cache?: CachePolicy }>(
      { auth: 'anonymous', apiKey: 'required', query: schema, ...doc },
      options,
    );
    app.get(path, spec, async (request) => answer(await input(schema, request), request));
  };

  route(
    '/v2/search',
    tenorSearchQuery,
    {
      summary: 'Search (Tenor)',
      errors: ['query_too_long', 'invalid_cursor'],
      // The signed-in visitor counts as one person in trending searches.
      auth: 'optional-session',
      description:
        'Posts for `q`, most relevant first; `pos` is the opaque `next` of the page before.',
      responses: { 200: tenorPageAnswer },
    },
    async (query, request) => tenor.search(query.q, listRequest(query), searchVisitor(request)),
  );

  route(
    '/v2/featured',
    tenorListQuery,
    {
      summary: 'Featured posts (Tenor)',
      errors: ['invalid_cursor'],
      description: 'Trending posts; `pos` is the opaque `next` of the page before.',
      responses: { 200: tenorPageAnswer },
    },
    (query) => tenor.featured(listRequest(query)),
  );

  route(
    '/v2/posts',
    tenorPostsQuery,
    {
      summary: 'Posts by id (Tenor)',
      description: 'Up to 50 ids, comma-separated; ids that do not exist are left out.',
      responses: { 200: tenorPostsAnswer },
    },
    async (query) => ({ results: await tenor.posts(query.ids, query.media_filter) }),
  );

  route(
    '/v2/categories',
    tenorCategoriesQuery,
    {
      summary: 'Categories (Tenor)',
      description: '`featured`: categories from tags; `trending`: trending searches.',
      responses: { 200: tenorCategoriesAnswer },
    },
    async (query) => ({ locale: query.locale, tags: await tenor.categories(query.type, query) }),
    REVALIDATED_LIST,
  );

  const autocompleteQuery = tenorTermsQuery(20);
  route(
    '/v2/autocomplete',
    autocompleteQuery,
    {
      summary: 'Complete a search term (Tenor)',
      errors: ['query_too_long'],
      responses: { 200: tenorTermsAnswer },
    },
    async (query) => ({
      locale: query.locale,
      results: await tenor.autocomplete(query.q, query.limit),
    }),
    REVALIDATED_LIST,
  );

  const suggestionsQuery = tenorTermsQuery(8);
  route(
    '/v2/search_suggestions',
    suggestionsQuery,
    {
      summary: 'Searches related to a term (Tenor)',
      errors: ['query_too_long'],
      responses: { 200: tenorTermsAnswer },
    },
    async (query) => ({
      locale: query.locale,
      results: await tenor.suggestions(query.q, query.limit),
    }),
    REVALIDATED_LIST,
  );

  route(
    '/v2/trending_terms',
    tenorTrendingTermsQuery,
    { summary: 'Trending search terms (Tenor)', responses: { 200: tenorTermsAnswer } },
    async (query) => ({ locale: query.locale, results: await tenor.trendingTerms(query.limit) }),
    REVALIDATED_LIST,
  );

  route(
    '/v2/registershare',
    tenorShareQuery,
    {
      summary: 'Register a share (Tenor)',
      errors: ['query_too_long', 'gif_not_found'],
      description: 'Counts as a share of the post (and of `q`, when given) for trending.',
      responses: { 200: tenorShareAnswer },
    },
    async (query) => {
      await tenor.registerShare({
        id: query.id,
        q: query.q,
        key: query.key!,
      });
      return {};
    },
  );
}
