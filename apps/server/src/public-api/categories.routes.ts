import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/api-key.service.ts';
import { okEnvelope } from '../http/envelope.ts';
import { parseInput } from '../http/parse-input.ts';
import { publicQueryReader } from './public-query.ts';
import type { CategoriesService } from './categories.service.ts';
import { curatedRatings, listQuerySchema } from './list-query.schema.ts';
import { CACHED_LIST } from '../http/public-api-caching.ts';
import { documented } from '../http/openapi/route-doc.ts';
import { categoriesAnswer, gifListAnswer } from '@jiffy/contracts';

const name = z.string().trim().toLowerCase().min(1).max(50);
const categoryParams = z.object({ category: name });
const subcategoryParams = z.object({ category: name, subcategory: name });

/** `gifs/categories`, `gifs/categories/{category}` and `gifs/categories/{category}/{subcategory}`. */
export function categoriesRoutes(
  app: FastifyInstance,
  deps: { categories: CategoriesService; apiKeys: ApiKeyService },
): void {
  const read = publicQueryReader(deps.apiKeys);
  const query = (request: FastifyRequest) => read(listQuerySchema, request);

  const doc = (summary: string, params: z.ZodType | undefined, answer: z.ZodType) =>
    documented(
      {
        summary,
        query: listQuerySchema,
        ...(params ? { params } : {}),
        responses: { 200: answer },
      },
      CACHED_LIST,
    );
  app.get(
    '/v1/gifs/categories',
    doc('Categories', undefined, categoriesAnswer),
    async (request) => {
      const { rating } = await query(request);
      const data = await deps.categories.categories(request.id, curatedRatings(rating));
      return okEnvelope(data, request, { total_count: data.length, count: data.length, offset: 0 });
    },
  );

  const subcategories = doc("A category's subcategories", categoryParams, categoriesAnswer);
  app.get('/v1/gifs/categories/:category', subcategories, async (request) => {
    const { rating } = await query(request);
    const { category } = parseInput(categoryParams, request.params);
    const data = await deps.categories.subcategories(category, request.id, curatedRatings(rating));
    return okEnvelope(data, request, { total_count: data.length, count: data.length, offset: 0 });
  });

  const inSubcategory = doc('GIFs of a subcategory', subcategoryParams, gifListAnswer);
  app.get('/v1/gifs/categories/:category/:subcategory', inSubcategory, async (request) => {
    const { limit, offset, rating } = await query(request);
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
