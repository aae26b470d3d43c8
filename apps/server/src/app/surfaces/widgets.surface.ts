import type { FastifyInstance } from 'fastify';
import { widgetsRoutes } from '../../modules/widgets/index.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/** The bundle other sites load (`/widgets-assets/...`); the demo page `/widgets` is the site's. */
export function widgetsSurface(scope: FastifyInstance): void {
  declareSurface(scope, 'widgets', ['/widgets-assets/*']);
  widgetsRoutes(scope);
}
