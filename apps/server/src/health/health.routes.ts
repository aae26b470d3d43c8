import type { FastifyInstance } from 'fastify';

/** `/healthz`: the process answers. `/readyz`: the database answers and is fully migrated. */
export function healthRoutes(
  app: FastifyInstance,
  deps: { isReady: () => Promise<boolean> },
): void {
  app.get('/healthz', () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await deps.isReady();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready' });
  });
}
