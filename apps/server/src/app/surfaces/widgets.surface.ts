import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { widgetsRoutes } from '../../modules/widgets/index.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/** The widget kit's demo page and the bundle other sites load (`/widgets-assets/...`). */
export function widgetsSurface(
  scope: FastifyInstance,
  options: { services: Pick<Services, 'urls'>; apiKey: string },
): void {
  declareSurface(scope, 'widgets', ['/widgets', '/widgets-assets/*']);
  widgetsRoutes(scope, {
    publicUrl: options.services.urls.publicUrl,
    mediaBaseUrl: options.services.urls.mediaBaseUrl,
    apiKey: options.apiKey,
  });
}
