import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors/app-error.ts';

/** `Authorization: Bearer <token>`; anything else (or a header past 512 characters) is none. */
const bearerHeader = z
  .string()
  .max(512)
  .regex(/^Bearer [\x21-\x7e]+$/i)
  .transform((value) => value.slice('Bearer '.length));

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a scrape may read `/metrics`: anyone when no METRICS_TOKEN is configured, else only a
 * request bearing it (compared in constant time, as digests, so neither its bytes nor its length
 * leak through timing). Throws 401 `metrics_token_required` otherwise.
 */
export function assertMetricsAccess(token: string | undefined, authorization: unknown): void {
  if (token === undefined) return;
  const given = bearerHeader.safeParse(authorization);
  if (given.success && timingSafeEqual(digest(given.data), digest(token))) return;
  throw new AppError(
    'metrics_token_required',
    'This instance needs `Authorization: Bearer <METRICS_TOKEN>` to read its metrics.',
  );
}
