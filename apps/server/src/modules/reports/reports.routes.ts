import {
  gifReportReceivedAnswer,
  openGifReportsAnswer,
  reportReasons,
  type ReportReason,
} from '@jiffy/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  consumeOrRefuse,
  withRetryAfter,
  authorize,
  type AttemptLimits,
} from '../accounts/index.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import type { GifReportService } from './gif-report.service.ts';
import { gifIdParams } from '../../platform/http/input-schemas.ts';

const HOUR = 60 * 60;
const reasons = reportReasons.map(([value]) => value) as [ReportReason, ...ReportReason[]];
const reportBody = z.strictObject({
  reason: z.enum(reasons),
  note: z.string().trim().max(1000).default(''),
});

/**
 * `POST /api/v1/gifs/:id/reports`: anyone may report a GIF (signed in or not; limited per
 * address). `GET /api/v1/gif-reports`: the open reports, for moderators.
 */
export function reportsRoutes(
  app: FastifyInstance,
  deps: { reports: GifReportService; limiter: AttemptLimits },
): void {
  const perIp = deps.limiter.limiter('report-ip', { points: 30, durationSeconds: HOUR });
  const tags = ['Moderation'];
  const report = documented({
    auth: 'optional-session',
    summary: 'Report a GIF',
    description: 'Anyone may, signed in or not; limited per address.',
    tags,
    params: gifIdParams,
    body: reportBody,
    responses: { 201: gifReportReceivedAnswer },
  });
  app.post('/api/v1/gifs/:id/reports', report, async (request, reply) => {
    await withRetryAfter(reply, consumeOrRefuse(perIp, request.ip));
    const { id } = parseInput(gifIdParams, request.params);
    const input = parseInput(reportBody, request.body ?? {});
    const user = request.principal;
    await deps.reports.report({
      gifId: id,
      reason: input.reason,
      note: input.note,
      reporterUserId: user?.id ?? null,
    });
    return reply.status(201).send({ data: { gif_id: id, status: 'received' } });
  });

  const open = documented({
    summary: 'Open GIF reports, oldest first (moderators)',
    tags,
    responses: { 200: openGifReportsAnswer },
    auth: 'session',
  });
  app.get('/api/v1/gif-reports', open, async (request) => {
    authorize(request.principal, 'gif.moderate');
    return { data: await deps.reports.listOpen(100) };
  });
}
