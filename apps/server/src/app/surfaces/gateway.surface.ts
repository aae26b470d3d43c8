import type { FastifyInstance } from 'fastify';
import { gatewayAuth } from '../../modules/gateway/index.ts';
import type { Services } from '../services.ts';
import { scheduleRoutes } from '../../modules/trending-schedule/index.ts';
import { storiesRoutes, trendingStoriesRoutes } from '../../modules/stories/index.ts';
import { siteApiCsrf } from '../../modules/accounts/index.ts';
import { notFoundUnder } from './not-found.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/** Where GIPHY's service-gateway calls (stories, trending stories, the scheduler) live. */
export const GATEWAY_BASE = '/x/v1';

/**
 * The service gateway (`/x/v1/...`): stories and the trending scheduler. A surface of its own
 * rather than part of the site API's, because its callers differ: scripts and other apps send a
 * personal token (`Authorization: Token`), the site's pages the session with the CSRF echo,
 * and reads of published stories need only a public `api_key`. The CSRF hook is the site API's
 * (a live token passes it; a session must echo the cookie); errors answer in the site's
 * `{ error }` envelope, successes in GIPHY's `{ data, meta }` like the public API.
 */
export async function gatewaySurface(
  scope: FastifyInstance,
  options: {
    services: Pick<
      Services,
      'apiKeys' | 'personalTokens' | 'schedule' | 'stories' | 'trendingStories' | 'urls'
    >;
  },
): Promise<void> {
  const { services } = options;
  declareSurface(scope, 'gateway', [`${GATEWAY_BASE}/*`]);
  siteApiCsrf(scope, { tokens: services.personalTokens });
  const auth = gatewayAuth({ apiKeys: services.apiKeys });
  const urls = services.urls;
  scheduleRoutes(scope, { schedule: services.schedule, base: GATEWAY_BASE });
  storiesRoutes(scope, { stories: services.stories, auth, base: GATEWAY_BASE, urls });
  trendingStoriesRoutes(scope, {
    trending: services.trendingStories,
    auth,
    base: GATEWAY_BASE,
    urls,
  });
  await notFoundUnder(scope, [GATEWAY_BASE], false);
}
