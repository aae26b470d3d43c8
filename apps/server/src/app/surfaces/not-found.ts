import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorBody } from '../../platform/http/error-handler.ts';

/** A 404 saying which call has no route, in the envelope given (or the request's own). */
export function answerNotFound(
  request: FastifyRequest,
  reply: FastifyReply,
  giphyEnvelope?: boolean,
): FastifyReply {
  const path = request.url.split('?')[0];
  const error = new AppError('not_found', `No route for ${request.method} ${path}`);
  return reply.status(404).send(errorBody(error, request, giphyEnvelope));
}

/**
 * Misses under a surface's prefixes answer there, with the surface's hooks (CORS for the public
 * API) and envelope, whichever way the path was written: the router matches decoded paths.
 */
export async function notFoundUnder(
  scope: FastifyInstance,
  prefixes: string[],
  giphyEnvelope: boolean,
): Promise<void> {
  for (const prefix of prefixes) {
    await scope.register(
      async (child) => {
        child.setNotFoundHandler((request, reply) => answerNotFound(request, reply, giphyEnvelope));
      },
      { prefix },
    );
  }
}
