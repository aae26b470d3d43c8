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
