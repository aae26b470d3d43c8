import type { FastifyInstance } from 'fastify';
import { scheduleActivityAnswer, scheduledItemsAnswer, schedulePageAnswer } from '@jiffy/contracts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput, firstValues } from '../../platform/http/parse-input.ts';
import { gatewayIdParams, pathId } from '../gateway/index.ts';
import { activityQuery, scheduleBody, scheduleListQuery } from './schedule-input.schema.ts';
import { presentActivity, presentScheduledItem } from './schedule.presenter.ts';
import type { ScheduleService } from './schedule.service.ts';

/** The trending scheduler, staff only, under the service gateway's base path. */
export function scheduleRoutes(
  app: FastifyInstance,
  deps: { schedule: ScheduleService; base: string },
): void {
  const { base } = deps;

  const tags = ['Trending schedule'];
  const auth = 'session-or-token';
  const add = documented({
    summary: 'Schedule GIFs onto trending (staff)',
    errors: ['gif_not_found', 'gif_not_trendable', 'schedule_conflict', 'time_in_past'],
    tags,
    body: scheduleBody,
    responses: { 201: scheduledItemsAnswer },
    auth,
  });
  app.post(`${base}/schedule`, add, async (request, reply) => {
    const actor = request.principal;
    const input = parseInput(scheduleBody, request.body ?? {});
    const rows = await deps.schedule.add(actor, input.gifs);
    return reply.status(201).send(okEnvelope(rows.map(presentScheduledItem), request));
  });

  const list = documented({
    summary: 'What is scheduled onto trending (staff)',
    tags,
    query: scheduleListQuery,
    responses: { 200: schedulePageAnswer },
    auth,
  });
  app.get(`${base}/schedule`, list, async (request) => {
    const actor = request.principal;
    const query = parseInput(scheduleListQuery, firstValues(request.query));
    const { rows, total } = await deps.schedule.list(actor, query);
    return okEnvelope(rows.map(presentScheduledItem), request, {
      total_count: total,
      count: rows.length,
      offset: query.offset,
    });
  });

  const activity = documented({
    summary: "The scheduler's activity log, newest first (staff)",
    tags,
    query: activityQuery,
    responses: { 200: scheduleActivityAnswer },
    auth,
  });
  app.get(`${base}/activity`, activity, async (request) => {
    const actor = request.principal;
    const query = parseInput(activityQuery, firstValues(request.query));
    const rows = await deps.schedule.activity(actor, query);
    return okEnvelope(rows.map(presentActivity), request);
  });

  const remove = documented({
    summary: 'Take a GIF off the schedule (staff)',
    errors: ['schedule_item_not_found'],
    tags,
    params: gatewayIdParams,
    responses: { 204: null },
    auth,
  });
  app.delete(`${base}/schedule/:id`, remove, async (request, reply) => {
    const actor = request.principal;
    const id = pathId(request.params);
    await deps.schedule.remove(actor, id);
    return reply.status(204).send();
  });
}
