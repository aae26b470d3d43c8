import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { siteEventsAnswer } from '@jiffy/contracts';
import { AppError } from '../errors/app-error.ts';
import { documented } from '../http/openapi/route-doc.ts';
import type { SiteEventRepository } from './site-event.repository.ts';
import { findNul } from '../lib/nul-characters.ts';
import { gifId } from '../http/input-schemas.ts';

const MAX_EVENTS = 50;
const MAX_SKEW_MS = 24 * 3600 * 1000;
const text = (max: number) => z.string().trim().min(1).max(max);
const siteEvent = z.object({
  category: text(40),
  action: text(60),
  label: z.string().max(200).default(''),
  page: z.string().max(500).default(''),
  gif_id: gifId.optional(),
  ts: z.number().int().positive().optional(),
});

/**
 * `POST /api/v1/analytics/events`: Jiffy's own analytics for its pages and the embed player
 * (`{ events: [{ category, action, label, page, gif_id?, ts? }] }`, as JSON or as the text a
 * `sendBeacon` sends). Like pingbacks, malformed events are dropped and counted, never a 500.
 */
export async function siteEventsRoutes(
  app: FastifyInstance,
  deps: { events: SiteEventRepository },
): Promise<void> {
  // Registered in its own scope: only this route reads text/plain (sendBeacon's) as JSON.
  await app.register(async (scope) => siteEventsRoute(scope, deps));
}

function siteEventsRoute(app: FastifyInstance, deps: { events: SiteEventRepository }): void {
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
      summary: "Jiffy's own analytics events from its pages and the embed player",
      description:
        'JSON, or the same text as `sendBeacon` sends it. Malformed events are dropped and ' +
        'counted, never refused one by one; no CSRF echo (anonymous, append-only).',
      tags: ['Analytics'],
      body: z.object({ events: z.array(siteEvent).max(MAX_EVENTS) }),
      responses: { 202: siteEventsAnswer },
    },
    { config: { csrf: false } },
  );
  app.post('/api/v1/analytics/events', events, async (request, reply) => {
    const body = request.body as { events?: unknown } | undefined;
    if (!body || typeof body !== 'object' || !Array.isArray(body.events)) {
      throw new AppError('invalid_request', 'Expected { "events": [...] }.');
    }
    if (body.events.length > MAX_EVENTS) {
      throw new AppError('invalid_request', `At most ${MAX_EVENTS} events per batch.`);
    }
    const now = Date.now();
    const valid = body.events.flatMap((raw) => {
      if (findNul(raw) !== null) return [];
      const parsed = siteEvent.safeParse(raw);
      if (!parsed.success) return [];
      const ts = parsed.data.ts ?? now;
      const occurred = Math.abs(ts - now) > MAX_SKEW_MS ? now : ts;
      return [
        {
          ...parsed.data,
          gif_id: parsed.data.gif_id ?? null,
          ts: undefined,
          occurred_at: new Date(occurred),
        },
      ];
    });
    await deps.events.store(valid.map(({ ts: _ts, ...event }) => event));
    return reply.status(202).send({ received: body.events.length, stored: valid.length });
  });
}
