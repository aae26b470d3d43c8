import type { FastifyInstance } from 'fastify';

/** Paths other sites may put in a frame: the player and its assets, and media files. */
const FRAMEABLE = /^\/(embed|embed-assets|widgets-assets|media)(\/|$)/;

/**
 * Only the embed player may be framed. Every other answer that has not set its own policy
 * gets `frame-ancestors 'none'` in a strict Content-Security-Policy (and X-Frame-Options for
 * older browsers), so no page of Jiffy can be clickjacked inside another site.
 */
export function framePolicy(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!FRAMEABLE.test(request.url)) {
      reply.header('x-frame-options', 'DENY');
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      }
    }
    done(null, payload);
  });
}
