import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOrRefuse, withRetryAfter } from '../accounts/index.ts';
import { addressBucket } from '../../platform/http/client-address.ts';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import { okEnvelope } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { pingbackSource } from './pingback-source.ts';
import type { PingbackIngestService } from './pingback-ingest.service.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { pingbackAnswer } from '@jiffy/contracts';
import { pingbackActions } from './pingback-event.ts';

const MAX_EVENTS = 200;
/**
 * A batch as the document shows it. The handler checks only that `events` is a list of at most
 * 200; each event is then checked by parsePingback, which drops (and counts) what fails.
 */
const batchDoc = z.object({
  events: z
    .array(
      z.object({
        action_type: z.enum(pingbackActions as [string, ...string[]]),
        analytics_response_payload: z.string().max(512),
        ts: z.number().optional().meta({ description: 'Milliseconds since 1970; now if absent.' }),
        random_id: z.string().optional(),
        user_id: z.string().optional(),
        attributes: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .max(MAX_EVENTS),
});
const simpleQuery = z.looseObject({
  analytics_response_payload: z.string().max(512),
  action_type: z.string().max(16),
});

/**
 * `POST /v2/pingback`: GIPHY's analytics batch (`{ events: [...] }`). Pingbacks come from any
 * page with GIPHY's own hard-coded key, so no api_key is required. Malformed events are dropped
 * and counted in the answer; the batch as a whole only fails when it is not a batch at all.
 * `GET /v2/pingback/simple` records one event (the GIF object's analytics URLs).
 */
export function pingbackRoutes(
  app: FastifyInstance,
  deps: {
    pingbacks: PingbackIngestService;
    publicUrl: string;
    /**
     * Events each address may send: every stored event is a row, and a pingback needs no key,
     * so a batch of 200 is limited by what it costs, not as one call.
     */
    eventsPerAddress: RateLimiterAbstract;
  },
): void {
  const siteOrigin = new URL(deps.publicUrl).origin;
  const spendEvents = (request: FastifyRequest, reply: FastifyReply, events: number) =>
    withRetryAfter(
      reply,
      consumeOrRefuse(deps.eventsPerAddress, addressBucket(request.ip), Math.max(1, events)),
    );
  const batch = documented({
    auth: 'anonymous',
    summary: "GIPHY's analytics batch",
    description: 'Malformed events are dropped and counted in `dropped`; no api_key needed.',
    body: batchDoc,
    responses: { 200: pingbackAnswer },
  });
  app.post('/v2/pingback', batch, async (request, reply) => {
    const body = request.body as { events?: unknown } | undefined;
    if (!body || typeof body !== 'object' || !Array.isArray(body.events)) {
      throw new AppError('invalid_request', 'Expected a JSON body { "events": [...] }.');
    }
    if (body.events.length > MAX_EVENTS) {
      throw new AppError('invalid_request', `At most ${MAX_EVENTS} events per batch.`);
    }
    await spendEvents(request, reply, body.events.length);
    const outcome = await deps.pingbacks.ingest(body.events, pingbackSource(request, siteOrigin));
    if (outcome.dropped > 0) request.log.info(outcome, 'pingback events dropped');
    return okEnvelope(outcome, request);
  });

  const simple = documented({
    auth: 'anonymous',
    summary: "One analytics event (the GIF object's analytics URLs)",
    query: simpleQuery,
    responses: { 204: null },
  });
  app.get('/v2/pingback/simple', simple, async (request, reply) => {
    const query = parseInput(simpleQuery, request.query);
    await spendEvents(request, reply, 1);
    await deps.pingbacks.ingest([query], pingbackSource(request, siteOrigin));
    return reply.status(204).send();
  });
}
