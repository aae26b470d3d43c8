import type { FastifyInstance } from 'fastify';
import { consumeOrRefuse, withRetryAfter, type AttemptLimits } from '../accounts/index.ts';
import {
  flagAnswer,
  flagOrDecisionAnswer,
  moderationQueueAnswer,
  searchReportDecisionAnswer,
  searchReportReceivedAnswer,
} from '@jiffy/contracts';
import { z } from 'zod';
import { gifIdParams } from '../../platform/http/input-schemas.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { allowedRatings } from '../public-api/index.ts';
import {
  actionBody,
  flagBody,
  queueQuery,
  reportSearchBody,
  searchReportDecision,
  searchReportParams,
} from './moderation-queue-input.schema.ts';
import { presentFlag, presentOutcome, presentQueueItem } from './moderation-queue.presenter.ts';
import type { ModerationActionService } from './moderation-actions.service.ts';
import { queueKinds } from './queue.repository.ts';
import type { QueueService } from './queue.service.ts';
import type { SearchReportService } from './search-report.service.ts';

const HOUR = 60 * 60;

/**
 * Flags and moderators' decisions on one GIF, reports of search result pages, and the
 * moderation queue. Site API calls: a session (or personal token) and the CSRF echo on changes.
 */
export function moderationQueueRoutes(
  app: FastifyInstance,
  deps: {
    actions: ModerationActionService;
    searchReports: SearchReportService;
    queue: QueueService;
    limiter: AttemptLimits;
    publicUrl: string;
  },
): void {
  const searchReportsPerIp = deps.limiter.limiter('report-search-ip', {
    points: 30,
    durationSeconds: HOUR,
  });
  // Flags need an account, so they are limited per account: enough for a keen user, not a flood.
  const flagsPerUser = deps.limiter.limiter('flag-user', { points: 60, durationSeconds: HOUR });

  const tags = ['Moderation'];
  const auth = 'session-or-token';
  const flagOrAct = documented({
    summary: 'Flag a GIF, or decide on it (moderators)',
    description:
      'Without `action`, a flag (anyone signed in; 201 new, 200 updated); with one, a ' +
      "moderator's decision.",
    tags,
    params: gifIdParams,
    body: z.union([flagBody, actionBody]),
    responses: { 200: flagOrDecisionAnswer, 201: flagAnswer },
    auth,
  });
  app.post('/api/v1/gifs/:id/moderation', flagOrAct, async (request, reply) => {
    const user = request.principal;
    const { id } = parseInput(gifIdParams, request.params);
    const body = request.body ?? {};
    if (typeof body === 'object' && 'action' in body) {
      const { search_report_id: searchReportId, ...decision } = parseInput(
        actionBody,
        body,
      ) as ReturnType<typeof actionBody.parse> & { search_report_id?: number };
      const outcome = await deps.actions.act(user, id, decision, searchReportId ?? null);
      return { data: presentOutcome(outcome) };
    }
    const input = parseInput(flagBody, body);
    if (user) await withRetryAfter(reply, consumeOrRefuse(flagsPerUser, user.id));
    const { flag, created } = await deps.actions.flag(user, id, {
      reason: input.reason,
      rating: input.rating ?? null,
      note: input.note,
    });
    return reply.status(created ? 201 : 200).send({ data: presentFlag(flag) });
  });

  const reportSearch = documented({
    auth: 'optional-session-or-token',
    summary: 'Report a page of search results',
    description: 'Anyone may; limited per address. The page is found again from its parameters.',
    tags,
    body: reportSearchBody,
    responses: { 201: searchReportReceivedAnswer },
    errors: ['too_many_attempts'],
  });
  app.post('/ajax/report-search', reportSearch, async (request, reply) => {
    await withRetryAfter(reply, consumeOrRefuse(searchReportsPerIp, request.ip));
    const input = parseInput(reportSearchBody, request.body ?? {});
    const { id, gifIds } = await deps.searchReports.report(request.principal, {
      reasons: input.reasons,
      additionalInfo: input.additional_info,
      responseId: input.search_response_id,
      term: input.search_term,
      type: input.search_content_type,
      offset: input.offset,
      limit: input.limit,
      ratings: allowedRatings(input.rating),
      lang: input.lang,
    });
    return reply.status(201).send({
      data: { id: String(id), status: 'received', shown_gif_ids: gifIds },
    });
  });

  const preview = documented({
    summary: 'An upload held for review, as an animated GIF (moderators)',
    description: 'Media serves no file of a held upload; moderators see it through this.',
    tags,
    params: gifIdParams,
    responses: { 200: null },
    produces: 'image/gif',
    auth,
  });
  app.get('/api/v3/moderation/gifs/:id/preview', preview, async (request, reply) => {
    const user = request.principal;
    const { id } = parseInput(gifIdParams, request.params);
    const file = await deps.queue.preview(user, id);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-length', file.size)
      .type('image/gif')
      .send(deps.queue.read(file.key));
  });

  const dismiss = documented({
    summary: 'Dismiss a search report (moderators)',
    tags,
    params: searchReportParams,
    body: searchReportDecision,
    responses: { 200: searchReportDecisionAnswer },
    auth,
  });
  app.post('/api/v3/moderation/search-reports/:id', dismiss, async (request) => {
    const user = request.principal;
    const { id } = parseInput(searchReportParams, request.params);
    const decision = parseInput(searchReportDecision, request.body ?? {});
    await deps.searchReports.dismiss(user, id);
    return { data: { id: String(id), action: decision.action, status: 'resolved' } };
  });

  const queue = documented({
    summary: 'What waits for a decision, oldest first (moderators)',
    tags,
    query: queueQuery,
    responses: { 200: moderationQueueAnswer },
    auth,
  });
  app.get('/api/v3/moderation/queue', queue, async (request) => {
    const user = request.principal;
    const query = parseInput(queueQuery, request.query);
    const page = await deps.queue.page(user, {
      kinds: query.kind ? [query.kind] : queueKinds,
      cursor: query.cursor ?? null,
      limit: query.limit,
    });
    return {
      data: page.items.map((item) => presentQueueItem(item, deps.publicUrl)),
      pagination: { next_cursor: page.nextCursor },
    };
  });
}
