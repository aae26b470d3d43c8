import type { FastifyInstance } from 'fastify';
import { ANONYMOUS } from '../../platform/http/route-policy.ts';
import type { HealthService } from './health.service.ts';
import { presentHealth } from './health.presenter.ts';

/**
 * `/healthz` (liveness): the process answers, with each component's state for whoever looks; it
 * stays 200 while a dependency is down, since restarting this process would not bring it back.
 * `/readyz` (readiness): 200 when every component the node needs is up (Redis may be down:
 * `degraded`), else 503, so a load balancer sends this node no traffic it cannot serve.
 */
export function healthRoutes(app: FastifyInstance, deps: { health: HealthService }): void {
  app.get('/healthz', ANONYMOUS, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(presentHealth('live', await deps.health.report())),
  );
  app.get('/readyz', ANONYMOUS, async (_request, reply) => {
    const report = await deps.health.report();
    return reply
      .status(report.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(presentHealth('ready', report));
  });
}
