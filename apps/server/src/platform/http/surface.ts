import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Surface } from './route-policy.ts';

/**
 * Marks `scope` (an encapsulated plugin) as one HTTP surface: every route registered in it gets
 * `config.surface`, and a route whose path lies outside the surface's paths fails at start, so a
 * route cannot land among another surface's guards by mistake. `paths` entries ending in `/*`
 * are prefixes; the others are exact paths.
 */
export function declareSurface(scope: FastifyInstance, surface: Surface, paths: string[]): void {
  const belongs = (url: string) =>
    paths.some((p) => (p.endsWith('/*') ? url.startsWith(p.slice(0, -1)) : url === p));
  scope.addHook('onRoute', (route) => {
    if (!belongs(route.url)) {
      const methods = [route.method].flat().join(',');
      throw new Error(
        `${methods} ${route.url} is outside the ${surface} surface (${paths.join(' ')})`,
      );
    }
    route.config = { ...route.config, surface };
  });
}

/** The surface of the route the router chose for this request; undefined when none matched. */
export function surfaceOf(request: FastifyRequest): Surface | undefined {
  return request.routeOptions.config?.surface;
}
