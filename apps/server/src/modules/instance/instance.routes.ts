import { documented } from '../../platform/http/openapi/route-doc.ts';
import { instanceStatsAnswer } from '@jiffy/contracts';
import type { FastifyInstance } from 'fastify';
import type { InstanceStatsService } from './instance-stats.service.ts';

/**
 * `GET /api/v1/instance/stats`: how many GIFs and stickers the instance holds and how many are
 * still processing — what an operator watches after a bulk import or the first start's seeding.
 */
export function instanceRoutes(
  app: FastifyInstance,
  deps: { instanceStats: InstanceStatsService },
): void {
  const stats = documented({
    auth: 'anonymous',
    summary: "The instance's GIFs by status and type",
    responses: { 200: instanceStatsAnswer },
  });
  app.get('/api/v1/instance/stats', stats, async () => ({
    data: await deps.instanceStats.stats(),
  }));
}
