import type { FastifyInstance } from 'fastify';
import { healthRoutes } from '../../health/health.routes.ts';
import type { Services } from '../../services.ts';
import { declareSurface } from './surface.ts';

/** `/healthz` and `/readyz`, for load balancers and orchestrators. */
export function opsSurface(scope: FastifyInstance, options: { services: Services }): void {
  declareSurface(scope, 'ops', ['/healthz', '/readyz']);
  healthRoutes(scope, { isReady: options.services.isReady });
}
