import type { FastifyInstance } from 'fastify';
import { federationRoutes } from '../../modules/federation/index.ts';
import type { Services } from '../services.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/**
 * ActivityPub (FEDERATION on): WebFinger, NodeInfo, the actors and their collections, the
 * Notes and the inboxes, for other servers. No cookies, no CSRF: callers are servers, and an
 * inbox takes only activities signed by their actor's key (Fedify checks). Not part of the
 * JSON API, so `/openapi.json` leaves it out like the other non-API surfaces.
 */
export async function federationSurface(
  scope: FastifyInstance,
  options: {
    services: Pick<Services, 'federation' | 'urls' | 'attemptLimiter'>;
    inboxPerHostPerMinute: number;
  },
): Promise<void> {
  const { services } = options;
  const runtime = await services.federation.runtime();
  declareSurface(scope, 'federation', [
    '/.well-known/webfinger',
    '/.well-known/nodeinfo',
    '/nodeinfo/*',
    '/ap/*',
  ]);
  federationRoutes(scope, {
    federation: runtime.federation,
    publicUrl: services.urls.publicUrl,
    blocked: services.federation.blocked,
    perHost: services.attemptLimiter.limiter('federation-inbox-host', {
      points: options.inboxPerHostPerMinute,
      durationSeconds: 60,
    }),
  });
}
