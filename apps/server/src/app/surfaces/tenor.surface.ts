import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { TENOR_PATHS, tenorRoutes } from '../../modules/tenor/index.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/**
 * Tenor's API v2 (`/v2/search`, `/v2/featured`…): registered inside the public API's scope, so
 * it shares that scope's per-key rate limit (one budget per Jiffy key across both dialects),
 * open CORS and list caching; as its own surface, its errors take Tenor's shape.
 */
export async function tenorSurface(
  scope: FastifyInstance,
  options: { services: Pick<Services, 'apiKeys' | 'tenor'> },
): Promise<void> {
  const { services } = options;
  declareSurface(scope, 'tenor', [...TENOR_PATHS]);
  tenorRoutes(scope, { tenor: services.tenor, apiKeys: services.apiKeys });
}
