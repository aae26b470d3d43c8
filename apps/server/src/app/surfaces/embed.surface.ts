import type { FastifyInstance } from 'fastify';
import { embedRoutes, oembedRoutes } from '../../modules/embed/index.ts';
import type { Services } from '../services.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/**
 * The player other sites frame (`/embed/:id`, its assets) and the oEmbed provider. No cookies
 * are read or set here: a framed player is a third-party context.
 */
export function embedSurface(
  scope: FastifyInstance,
  options: {
    services: Pick<Services, 'gifReads' | 'urls'>;
    apiKey: string;
    fontCssUrl?: string | undefined;
  },
): void {
  const { services } = options;
  declareSurface(scope, 'embed', ['/embed/*', '/embed-assets/*', '/oembed']);
  embedRoutes(scope, {
    reads: services.gifReads,
    publicUrl: services.urls.publicUrl,
    mediaBaseUrl: services.urls.mediaBaseUrl,
    apiKey: options.apiKey,
    fontCssUrl: options.fontCssUrl,
  });
  oembedRoutes(scope, { reads: services.gifReads, publicUrl: services.urls.publicUrl });
}
