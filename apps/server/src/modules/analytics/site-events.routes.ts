import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { siteEventsAnswer } from '@jiffy/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { MAX_SITE_EVENTS, siteEvent } from './site-event-input.schema.ts';
import type { SiteEventService } from './site-event.service.ts';

/**
 * `POST /api/v1/analytics/events`: Jiffy's own analytics for its pages and the embed player
 * (`{ events: [{ category, action, label, page, gif_id?, ts? }] }`, as JSON or as the text a
 * `sendBeacon` sends). Like pingbacks, malformed events are dropped and counted, never a 500.
 */
export async function siteEventsRoutes(
  app: FastifyInstance,
  deps: { events: SiteEventService },
): Promise<void> {
  // Registered in its own scope: only this route reads text/plain (sendBeacon's) as JSON.
  await app.register(async (scope) => siteEventsRoute(scope, deps));
}

function siteEventsRoute(app: FastifyInstance, deps: { events: SiteEventService }): void {
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError('invalid_request', 'The body is not JSON.'));
      }
    },
  );
  // No CSRF token: anonymous, append-only statistics from pages and framed players (which send
  // no first-party cookie); a forged event changes nothing anyone owns.
  const events = documented(
    {
      auth: 'anonymous',
      summary: "Jiffy's own analytics events from its pages and the embed player",
      description:
        'JSON, or the same text as `sendBeacon` sends it. Malformed events are dropped and ' +
        'counted, never refused one by one; no CSRF echo (anonymous, append-only).',
      tags: ['Analytics'],
      body: z.object({ events: z.array(siteEvent).max(MAX_SITE_EVENTS) }),
      responses: { 202: siteEventsAnswer },
    },
    { config: { csrf: false } },
  );
  app.post('/api/v1/analytics/events', events, async (request, reply) => {
    const body = request.body as { events?: unknown } | undefined;
    if (!body || typeof body !== 'object' || !Array.isArray(body.events)) {
      throw new AppError('invalid_request', 'Expected { "events": [...] }.');
    }
    if (body.events.length > MAX_SITE_EVENTS) {
      throw new AppError('invalid_request', `At most ${MAX_SITE_EVENTS} events per batch.`);
    }
    const outcome = await deps.events.record(body.events);
    return reply.status(202).send(outcome);
  });
}
