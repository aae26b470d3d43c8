import type { FastifyInstance } from 'fastify';
import { healthRoutes } from '../../health/health.routes.ts';
import { metricsRoutes } from '../../metrics/metrics.routes.ts';
import type { Services } from '../../services.ts';
import { declareSurface } from './surface.ts';

/** `/healthz`, `/readyz` and `/metrics`, for load balancers, orchestrators and Prometheus. */
export function opsSurface(
  scope: FastifyInstance,
  options: { services: Services; metricsToken: string | undefined },
): void {
  declareSurface(scope, 'ops', ['/healthz', '/readyz', '/metrics']);
  healthRoutes(scope, { health: options.services.health });
  metricsRoutes(scope, { metrics: options.services.metrics, token: options.metricsToken });
}
