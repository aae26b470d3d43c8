import type { FastifyInstance } from 'fastify';
import { sessionCookie } from '../../modules/accounts/index.ts';
import { pingbackRoutes } from '../../modules/analytics/index.ts';
import { ctaRoutes, gifsRoutes, publicUploadRoutes } from '../../modules/gifs/index.ts';
import {
  categoriesRoutes,
  discoveryRoutes,
  publicGifsRoutes,
  responseShaping,
} from '../../modules/public-api/index.ts';
import { channelSearchRoutes } from '../../modules/channels/index.ts';
import type { Services } from '../services.ts';
import { publicApiCaching } from '../../platform/http/public-api-caching.ts';
import { publicApiCors } from '../../platform/http/public-api-cors.ts';
import { publicApiRateLimit, type PublicApiLimits } from './public-api-rate-limit.ts';
import { notFoundUnder } from './not-found.ts';
import { declareSurface } from '../../platform/http/surface.ts';
import { tenorSurface } from './tenor.surface.ts';

const PREFIXES = ['/v1', '/v2'];

/**
 * GIPHY's dialect (`/v1`, `/v2`): API keys (and the session cookie only to count a signed-in
 * visitor of the site's own key). Its own scope carries the per-key and per-visitor rate
 * limits, open CORS, `fields`/`bundle` trimming, list caching and GIPHY's error envelope.
 */
export async function publicApiSurface(
  scope: FastifyInstance,
  options: {
    services: Pick<
      Services,
      | 'accounts'
      | 'apiKeys'
      | 'attemptLimiter'
      | 'caches'
      | 'categories'
      | 'channelSearch'
      | 'discovery'
      | 'gifCtas'
      | 'gifReads'
      | 'listAnswers'
      | 'pingbackIngest'
      | 'publicGifs'
      | 'tenor'
      | 'uploads'
      | 'urls'
    >;
    limits: PublicApiLimits & { pingbackEvents: number };
    /** The instance's default key, which the site's pages carry. */
    siteKey: string;
    uploadTempDir: string;
  },
): Promise<void> {
  const { services } = options;
  declareSurface(
    scope,
    'public-api',
    PREFIXES.map((prefix) => `${prefix}/*`),
  );
  publicApiRateLimit(scope, {
    limits: options.limits,
    attempts: services.attemptLimiter,
    apiKeys: services.apiKeys,
    siteKey: options.siteKey,
    // The route's own look-up of the session is then answered from the accounts' cache.
    sessionUserId: async (request) => {
      const session = sessionCookie(request);
      return session ? ((await services.accounts.sessionUser(session))?.id ?? null) : null;
    },
  });
  publicApiCors(scope, PREFIXES);
  responseShaping(scope);
  publicApiCaching(scope);

  publicGifsRoutes(scope, {
    gifs: services.publicGifs,
    lists: services.listAnswers,
    apiKeys: services.apiKeys,
  });
  discoveryRoutes(scope, { discovery: services.discovery, apiKeys: services.apiKeys });
  channelSearchRoutes(scope, { channelSearch: services.channelSearch, apiKeys: services.apiKeys });
  pingbackRoutes(scope, {
    pingbacks: services.pingbackIngest,
    publicUrl: services.urls.publicUrl,
    eventsPerAddress: services.attemptLimiter.limiter('pingback-events', {
      points: options.limits.pingbackEvents,
      durationSeconds: 60,
    }),
  });
  categoriesRoutes(scope, { categories: services.categories, apiKeys: services.apiKeys });
  gifsRoutes(scope, { reads: services.gifReads, apiKeys: services.apiKeys });
  publicUploadRoutes(scope, {
    uploads: services.uploads,
    apiKeys: services.apiKeys,
    uploadTempDir: options.uploadTempDir,
  });
  ctaRoutes(scope, { ctas: services.gifCtas, apiKeys: services.apiKeys });
  await scope.register(tenorSurface, { services });
  await notFoundUnder(scope, PREFIXES, true);
}
