import type { FastifyInstance } from 'fastify';
import { mediaRoutes } from '../../modules/media/index.ts';
import type { Services } from '../services.ts';
import { declareSurface } from '../../platform/http/surface.ts';

/** Rendition and avatar files (`/media/...`): immutable, cookie-free, frameable. */
export function mediaSurface(
  scope: FastifyInstance,
  options: {
    services: Pick<Services, 'avatars' | 'onDemandRenditions' | 'servableRenditions' | 'storage'>;
  },
): void {
  const { services } = options;
  declareSurface(scope, 'media', ['/media/*']);
  mediaRoutes(scope, {
    servable: services.servableRenditions,
    storage: services.storage,
    avatars: services.avatars,
    onDemand: services.onDemandRenditions,
  });
}
