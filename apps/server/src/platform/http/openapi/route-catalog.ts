import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ApiKeyUse, Auth, Surface } from '../route-policy.ts';
import type { RouteDoc } from './route-doc.ts';

/** One registered route as the OpenAPI document sees it. */
export interface CatalogRoute {
  method: string;
  /** As registered: `/v1/gifs/:id`. */
  url: string;
  surface: Surface | undefined;
  /** Who may call it (every route states it; see route-auth.ts). */
  auth: Auth | undefined;
  apiKey: ApiKeyUse | undefined;
  /** False when the surface's CSRF check does not cover the route (see route-policy.ts). */
  csrf: boolean | undefined;
  /** False when the public API's limits do not cover the route. */
  rateLimit: boolean | undefined;
  doc: RouteDoc | undefined;
}

/**
 * Every route registered after this call, kept as Fastify hands it to `onRoute`. The route's
 * `config` is read when asked, not when the route is added: the surface's own hook, which sets
 * `config.surface`, runs after this (root) one.
 */
export function routeCatalog(app: FastifyInstance): { routes: () => CatalogRoute[] } {
  const seen: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    seen.push(route);
  });
  return {
    routes: () =>
      seen.flatMap((route) =>
        [route.method]
          .flat()
          .filter((method) => method !== 'HEAD')
          .map((method) => ({
            method,
            url: route.url,
            surface: route.config?.surface,
            auth: route.config?.auth,
            apiKey: route.config?.apiKey,
            csrf: route.config?.csrf,
            rateLimit: route.config?.rateLimit,
            doc: route.config?.openapi,
          })),
      ),
  };
}
