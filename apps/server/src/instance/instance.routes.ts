import { documented } from '../http/openapi/route-doc.ts';
import { instanceStatsAnswer } from '@jiffy/contracts';
import type { FastifyInstance } from 'fastify';
import type { GifRepository } from '../gifs/gif.repository.ts';

/**
 * `GET /api/v1/instance/stats`: how many GIFs and stickers the instance holds and how many are
 * still processing — what an operator watches after a bulk import or the first start's seeding.
 */
export function instanceRoutes(app: FastifyInstance, deps: { gifs: GifRepository }): void {
  const stats = documented({
    summary: "The instance's GIFs by status and type",
    responses: { 200: instanceStatsAnswer },
  });
  app.get('/api/v1/instance/stats', stats, async () => {
    const rows = await deps.gifs.countByStatusAndType();
    const sum = (keep: (r: (typeof rows)[number]) => boolean) =>
      rows.filter(keep).reduce((total, r) => total + r.count, 0);
    return {
      data: {
        gifs: {
          processing: sum((r) => r.status === 'processing'),
          ready: sum((r) => r.status === 'ready'),
          failed: sum((r) => r.status === 'failed'),
          removed: sum((r) => r.status === 'removed'),
        },
        ready_by_type: {
          gif: sum((r) => r.status === 'ready' && r.type === 'gif'),
          sticker: sum((r) => r.status === 'ready' && r.type === 'sticker'),
          video: sum((r) => r.status === 'ready' && r.type === 'video'),
        },
        renditions_pending: sum((r) => r.status === 'ready' && !r.complete),
      },
    };
  });
}
