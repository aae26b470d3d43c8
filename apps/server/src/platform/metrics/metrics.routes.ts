import type { FastifyInstance } from 'fastify';
import { ANONYMOUS } from '../http/route-policy.ts';
import { assertMetricsAccess } from './metrics-access.ts';
import type { JiffyMetrics } from './jiffy-metrics.ts';

/** `GET /metrics`: the Prometheus text exposition (open, or behind METRICS_TOKEN when set). */
export function metricsRoutes(
  app: FastifyInstance,
  deps: { metrics: JiffyMetrics; token: string | undefined },
): void {
  // No user is looked up: METRICS_TOKEN is the scraper's, checked here.
  app.get('/metrics', ANONYMOUS, async (request, reply) => {
    try {
      assertMetricsAccess(deps.token, request.headers.authorization);
    } catch (error) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw error;
    }
    const { contentType, body } = await deps.metrics.exposition();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
