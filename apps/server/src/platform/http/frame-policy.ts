import type { FastifyInstance } from 'fastify';

/**
 * Route options of an answer other sites may put in a frame: the player, its assets, media.
 * Anyone's, and nobody is looked up (`auth: 'anonymous'`): a frame is a third-party context.
 */
export const FRAMEABLE = { config: { frameable: true, auth: 'anonymous' } } as const;

/**
 * Only routes whose config says `frameable` may be framed. Every other answer (including every
 * 404) that has not set its own policy gets `frame-ancestors 'none'` in a strict
 * Content-Security-Policy (and X-Frame-Options for older browsers), so no page of Jiffy can be
 * clickjacked inside another site.
 */
export function framePolicy(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!request.routeOptions.config?.frameable) {
      reply.header('x-frame-options', 'DENY');
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      }
    }
    done(null, payload);
  });
}
