import type { FastifyInstance } from 'fastify';
import { isPublicApiPath } from './error-handler.ts';

/**
 * The public API (`/v1`, `/v2`) is called from any web page (GIPHY's SDKs, the widget kit with
 * its SDK headers), so it answers CORS preflights and allows every origin. It uses no cookies,
 * so an open origin exposes nothing. The site API keeps the browser's same-origin default.
 */
export function publicApiCors(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!isPublicApiPath(request.url)) return done();
    reply.header('access-control-allow-origin', '*');
    if (request.method !== 'OPTIONS') return done();
    const requested = request.headers['access-control-request-headers'];
    // Answered here: the request goes no further (done is not called).
    void reply
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
