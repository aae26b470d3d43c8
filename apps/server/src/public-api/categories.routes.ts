import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiKeyService } from '../api-keys/api-key.service.ts';
import { okEnvelope } from '../http/envelope.ts';
import { parseInput } from '../http/parse-input.ts';
import { publicQueryReader } from './public-query.ts';
import type { CategoriesService } from './categories.service.ts';
import { listQuerySchema } from './list-query.schema.ts';
import { CACHED_LIST } from '../http/public-api-caching.ts';

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

  app.get('/v1/gifs/categories', CACHED_LIST, async (request) => {
    await query(request);
    const data = await deps.categories.categories(request.id);
    return okEnvelope(data, request, { total_count: data.length, count: data.length, offset: 0 });
  });

  app.get('/v1/gifs/categories/:category', CACHED_LIST, async (request) => {
    await query(request);
    const { category } = parseInput(categoryParams, request.params);
    const data = await deps.categories.subcategories(category, request.id);
    return okEnvelope(data, request, { total_count: data.length, count: data.length, offset: 0 });
  });

  app.get('/v1/gifs/categories/:category/:subcategory', CACHED_LIST, async (request) => {
    const { limit, offset } = await query(request);
    const params = parseInput(subcategoryParams, request.params);
    const page = await deps.categories.gifs({
      ...params,
      page: { limit, offset },
      responseId: request.id,
    });
    return okEnvelope(page.gifs, request, page.pagination);
  });
}
