import { AppError } from '../../platform/errors/app-error.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { ID_PATTERN } from '../../platform/lib/ids.ts';
import { z } from 'zod';

/**
 * A moment from outside: ISO 8601 with a zone (`2030-01-02T15:00:00Z`, `…+02:00`). A time with
 * no zone is refused rather than guessed: a schedule an hour off is worse than a 400.
 */
export const instant = z.iso
  .datetime({ offset: true, error: 'an ISO 8601 time with a zone, like 2030-01-02T15:00:00Z' })
  .transform((value) => new Date(value));

/** How the gateway writes a moment: ISO 8601 in UTC. */
export const isoTime = (date: Date | null): string | null => date?.toISOString() ?? null;

/**
 * The `:id` of a gateway path. An empty one (`/x/v1/stories/`, the list's path with a slash
 * added) names nothing: 404 as any path no route has, not a 400 about a parameter.
 */
export function pathId(params: unknown): string {
  const { id } = parseInput(gatewayIdParams, params);
  if (id === '') throw new AppError('not_found', 'No route for this path.');
  if (!ID_PATTERN.test(id)) throw new AppError('invalid_request', 'id: not an id');
  return id;
}

/** The gateway's `:id` path parameter, as `pathId` reads it (and `/openapi.json` shows it). */
export const gatewayIdParams = z.object({ id: z.string() });
