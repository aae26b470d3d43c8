import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@jiffy/contracts';
import { AppError } from '../errors/app-error.ts';
import { MediaError } from '@jiffy/media';
import { surfaceOf } from './surface.ts';
import { tenorErrorBody } from './tenor-errors.ts';

/**
 * For a request no route took (a path that does not decode, or a miss outside every surface's
 * own not-found handler): whether its path reads as the public API's once ASCII %-escapes are
 * decoded, which picks the error envelope only (never a guard).
 */
const looksLikePublicApi = (url: string): boolean =>
  /^\/v[12]\//i.test(
    url.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/** Whether this request answers in GIPHY's envelope: its route's surface decides. */
export function answersInGiphyEnvelope(request: FastifyRequest): boolean {
  const surface = surfaceOf(request);
  return surface ? surface === 'public-api' : looksLikePublicApi(request.url);
}

// Fastify's own errors whose meaning we know; anything else 4xx is an invalid request.
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'file_too_large',
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
  FST_PARTS_LIMIT: 'invalid_request',
  FST_FILES_LIMIT: 'invalid_request',
  FST_FIELDS_LIMIT: 'invalid_request',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof MediaError) return new AppError(error.code, error.message);
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (fastifyError.code && fastifyCodes[fastifyError.code]) || 'invalid_request';
    const message =
      code === 'file_too_large' ? 'The upload is larger than allowed.' : fastifyError.message;
    return new AppError(code, message ?? 'Invalid request.', { status });
  }
  return null;
}

/** Answers every error in the envelope of its surface, with the request id; hides internals. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const known = toAppError(error);
  const appError = known ?? new AppError('internal_error', 'Something went wrong on our side.');
  if (!known) request.log.error({ err: error }, 'unhandled error');
  // The public API is read from any origin (public-api-cors.ts), its refusals too: those made
  // before its scope's hooks ran (a path that does not decode, a NUL) would otherwise reach an
  // SDK in a browser as a network error instead of the answer saying what was wrong.
  if (surfaceOf(request) === 'tenor' || answersInGiphyEnvelope(request))
    reply.header('access-control-allow-origin', '*');
  void reply.status(appError.status).send(errorBody(appError, request));
}

/** The error body a surface uses. */
export function errorBody(
  error: AppError,
  request: FastifyRequest,
  giphyEnvelope = answersInGiphyEnvelope(request),
): unknown {
  if (surfaceOf(request) === 'tenor') return tenorErrorBody(error, request.id);
  if (giphyEnvelope) {
    return {
      data: null,
      meta: {
        status: error.status,
        msg: error.message,
        response_id: request.id,
        error_code: error.code,
      },
    };
  }
  const details = error.details ? { details: error.details } : {};
  return {
    error: { code: error.code, message: error.message, request_id: request.id, ...details },
  };
}
