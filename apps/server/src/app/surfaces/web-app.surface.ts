import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { webAppRoutes, type SitePages } from '../../modules/web-app/index.ts';
import { principalResolver, siteCsrfCookie } from '../../modules/accounts/index.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/**
 * The React site's pages and build assets. Pages hand out the CSRF cookie the site's calls echo.
 * Returns the site, whose `fallback` answers the GETs for site pages that no route names.
 */
export function webAppSurface(
  scope: FastifyInstance,
  options: {
    services: Pick<
      Services,
      | 'firstGifs'
      | 'gifReads'
      | 'profiles'
      | 'channels'
      | 'stories'
      | 'accounts'
      | 'personalTokens'
      | 'urls'
    >;
    apiKey: string;
  },
): SitePages {
  const { services } = options;
  declareSurface(scope, 'web-app', [
    '/',
    '/search/*',
    '/gifs',
    '/gifs/*',
    '/trending-gifs',
    '/stickers',
    '/explore/*',
    '/assets/*',
  ]);
  siteCsrfCookie(scope);
  const principals = principalResolver({
    accounts: services.accounts,
    tokens: services.personalTokens,
  });
  return webAppRoutes(scope, {
    channels: services.channels,
    stories: services.stories,
    viewer: (request) => principals.session(request),
    reads: services.gifReads,
    firstGifs: services.firstGifs,
    profiles: services.profiles,
    publicUrl: services.urls.publicUrl,
    mediaBaseUrl: services.urls.mediaBaseUrl,
    apiKey: options.apiKey,
  });
}
