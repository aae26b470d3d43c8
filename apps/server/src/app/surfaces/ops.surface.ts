import type { FastifyInstance } from 'fastify';
import { healthRoutes } from '../../modules/health/index.ts';
import { metricsRoutes } from '../../platform/metrics/metrics.routes.ts';
import type { Services } from '../services.ts';
import { openApiRoutes } from '../../platform/http/openapi/openapi.routes.ts';
import type { CatalogRoute } from '../../platform/http/openapi/route-catalog.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/**
 * `/healthz`, `/readyz` and `/metrics`, for load balancers, orchestrators and Prometheus;
 * `/openapi.json` and `/docs`, the API's description. Those two live here rather than on the
 * public API (no api_key, no per-key limit: a tool reads the contract before it has a key) or the
 * web app (no CSRF cookie, no site page): like health, they describe the service to machines and
 * need no caller.
 */
export function opsSurface(
  scope: FastifyInstance,
  options: {
    services: Pick<Services, 'health' | 'metrics' | 'urls'>;
    metricsToken: string | undefined;
    /** The routes `/openapi.json` describes; absent on a worker, which serves no API. */
    contract?: { routes: () => CatalogRoute[]; version: string };
  },
): void {
  const { contract } = options;
  declareSurface(scope, 'ops', [
    '/healthz',
    '/readyz',
    '/metrics',
    ...(contract ? ['/openapi.json', '/docs', '/docs/*'] : []),
  ]);
  healthRoutes(scope, { health: options.services.health });
  metricsRoutes(scope, { metrics: options.services.metrics, token: options.metricsToken });
  if (contract) {
    openApiRoutes(scope, {
      routes: contract.routes,
      version: contract.version,
      publicUrl: options.services.urls.publicUrl,
    });
  }
}
