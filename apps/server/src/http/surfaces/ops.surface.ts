import type { FastifyInstance } from 'fastify';
import { healthRoutes } from '../../health/health.routes.ts';
import type { Services } from '../../services.ts';
import { openApiRoutes } from '../openapi/openapi.routes.ts';
import type { CatalogRoute } from '../openapi/route-catalog.ts';
import { declareSurface } from './surface.ts';

/**
 * `/healthz` and `/readyz`, for load balancers and orchestrators; `/openapi.json` and `/docs`,
 * the API's description. Those two live here rather than on the public API (no api_key, no
 * per-key limit: a tool reads the contract before it has a key) or the web app (no CSRF cookie,
 * no site page): like health, they describe the service to machines and need no caller.
 */
export function opsSurface(
  scope: FastifyInstance,
  options: { services: Services; routes: () => CatalogRoute[]; version: string },
): void {
  declareSurface(scope, 'ops', ['/healthz', '/readyz', '/openapi.json', '/docs', '/docs/*']);
  healthRoutes(scope, { isReady: options.services.isReady });
  openApiRoutes(scope, {
    routes: options.routes,
    version: options.version,
    publicUrl: options.services.urls.publicUrl,
  });
}
