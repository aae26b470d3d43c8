import type { FastifyInstance } from 'fastify';
import { okEnvelope } from '../http/envelope.ts';
import { parseInput } from '../http/parse-input.ts';
import type { GatewayAuth } from '../gateway/gateway-auth.ts';
import { pathId } from '../gateway/gateway-input.ts';
import { firstValues } from '../public-api/list-query.schema.ts';
import { activityQuery, scheduleBody, scheduleListQuery } from './schedule-input.schema.ts';
import { presentActivity, presentScheduledItem } from './schedule.presenter.ts';
import type { ScheduleService } from './schedule.service.ts';

/** The trending scheduler (§7), staff only, under the service gateway's base path. */
export function scheduleRoutes(
  app: FastifyInstance,
  deps: { schedule: ScheduleService; auth: GatewayAuth; base: string },
): void {
  const { base, auth } = deps;

  app.post(`${base}/schedule`, async (request, reply) => {
    const actor = await auth.actor(request);
    const input = parseInput(scheduleBody, request.body ?? {});
    const rows = await deps.schedule.add(actor, input.gifs);
    return reply.status(201).send(okEnvelope(rows.map(presentScheduledItem), request));
  });

  app.get(`${base}/schedule`, async (request) => {
    const actor = await auth.actor(request);
    const query = parseInput(scheduleListQuery, firstValues(request.query));
    const { rows, total } = await deps.schedule.list(actor, query);
    return okEnvelope(rows.map(presentScheduledItem), request, {
      total_count: total,
      count: rows.length,
      offset: query.offset,
    });
  });

  app.get(`${base}/activity`, async (request) => {
    const actor = await auth.actor(request);
    const query = parseInput(activityQuery, firstValues(request.query));
    const rows = await deps.schedule.activity(actor, query);
    return okEnvelope(rows.map(presentActivity), request);
  });

  app.delete(`${base}/schedule/:id`, async (request, reply) => {
    const actor = await auth.actor(request);
    const id = pathId(request.params);
    await deps.schedule.remove(actor, id);
    return reply.status(204).send();
  });
}
