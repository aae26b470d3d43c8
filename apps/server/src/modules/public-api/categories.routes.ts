import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/index.ts';
import { foundPagination, okEnvelope } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { publicQueryReader } from './public-query.ts';
import { CATEGORIES, SUBCATEGORIES, type CategoriesService } from './categories.service.ts';
import { curatedRatings, limitParam, listQuerySchema } from './list-query.schema.ts';
import { CACHED_LIST } from '../../platform/http/public-api-caching.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { categoriesAnswer, gifListAnswer } from '@jiffy/contracts';

const name = z.string().trim().toLowerCase().min(1).max(50);
const categoriesQuery = listQuerySchema.extend({ limit: limitParam(CATEGORIES) });
const subcategoriesQuery = listQuerySchema.extend({ limit: limitParam(SUBCATEGORIES) });
const categoryParams = z.object({ category: name });
const subcategoryParams = z.object({ category: name, subcategory: name });

/** `gifs/categories`, `gifs/categories/{category}` and `gifs/categories/{category}/{subcategory}`. */
export function categoriesRoutes(
  app: FastifyInstance,
  deps: { categories: CategoriesService; apiKeys: ApiKeyService },
): void {
  const read = publicQueryReader(deps.apiKeys);

  const doc = (
    summary: string,
    query: z.ZodType,
    params: z.ZodType | undefined,
    answer: z.ZodType,
  ) =>
    documented(
      {
        summary,
        auth: 'anonymous',
        apiKey: 'required',
        query,
        ...(params ? { params } : {}),
        responses: { 200: answer },
      },
      CACHED_LIST,
    );
  const categories = doc('Categories', categoriesQuery, undefined, categoriesAnswer);
  app.get('/v1/gifs/categories', categories, async (request) => {
    const { limit, offset, rating } = await read(categoriesQuery, request);
    const data = await deps.categories.categories(request.id, curatedRatings(rating), {
      limit,
      offset,
    });
    return okEnvelope(data, request, foundPagination(offset, data.length));
  });

  const subcategories = doc(
    "A category's subcategories",
    subcategoriesQuery,
    categoryParams,
    categoriesAnswer,
  );
  app.get('/v1/gifs/categories/:category', subcategories, async (request) => {
    const { limit, offset, rating } = await read(subcategoriesQuery, request);
    const { category } = parseInput(categoryParams, request.params);
    const data = await deps.categories.subcategories(category, request.id, curatedRatings(rating), {
      limit,
      offset,
    });
    return okEnvelope(data, request, foundPagination(offset, data.length));
  });

  const inSubcategory = doc(
    'GIFs of a subcategory',
    listQuerySchema,
    subcategoryParams,
    gifListAnswer,
  );
  app.get('/v1/gifs/categories/:category/:subcategory', inSubcategory, async (request) => {
    const { limit, offset, rating } = await read(listQuerySchema, request);
    const params = parseInput(subcategoryParams, request.params);
    const page = await deps.categories.gifs({
      ...params,
      page: { limit, offset },
      ratings: curatedRatings(rating),
      responseId: request.id,
    });
    return okEnvelope(page.gifs, request, page.pagination);
  });
}
