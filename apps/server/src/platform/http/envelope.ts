import type { Envelope, Pagination } from '@jiffy/contracts';
import type { FastifyRequest } from 'fastify';

/** GIPHY's success envelope; `response_id` is the request's id (never empty). */
export function okEnvelope<T>(
  data: T,
  request: Pick<FastifyRequest, 'id'>,
  pagination?: Pagination,
): Envelope<T> {
  return {
    data,
    ...(pagination ? { pagination } : {}),
    meta: { status: 200, msg: 'OK', response_id: request.id },
  };
}

/**
 * Pagination for lists that cannot count their whole result cheaply (autocomplete, related tags,
 * categories): the total is what was skipped plus what was found, as GIPHY's own figure there.
 */
export function foundPagination(offset: number, found: number): Pagination {
  return { total_count: offset + found, count: found, offset };
}
