import type { FastifyInstance } from 'fastify';

/**
 * The public API (`/v1`, `/v2`) is called from any web page (GIPHY's SDKs, the widget kit with
 * its SDK headers), so it answers CORS preflights and allows every origin. It uses no cookies,
 * so an open origin exposes nothing. The site API keeps the browser's same-origin default.
 * Added inside the public API's scope: it applies to that scope's routes and not-found answers.
 */
export function publicApiCors(scope: FastifyInstance, prefixes: string[]): void {
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    done();
  });
  for (const prefix of prefixes) {
    const preflight = { config: { rateLimit: false, auth: 'anonymous' } } as const;
    scope.options(`${prefix}/*`, preflight, async (request, reply) => {
      const requested = request.headers['access-control-request-headers'];
      return reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
        .header(
          'access-control-allow-headers',
          typeof requested === 'string' ? requested : 'content-type',
        )
        .header('access-control-max-age', '86400')
        .send();
    });
  }
}
