import { z } from 'zod';
import { gifId, wholeNumber } from '../../platform/http/input-schemas.ts';
import { instant } from '../gateway/index.ts';

/** Most GIFs one `POST schedule` takes: a day's plan, not a bulk import. */
export const MAX_SCHEDULED_PER_CALL = 50;
/** Longest window a GIF stays on trending: a week (the scheduler page shows the coming week). */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;

/**
 * `POST schedule`: GIFs, each with when it starts trending and for how long (a day unless
 * said). Stickers go to sticker trending by their own type, so no type is asked.
 */
export const scheduleBody = z.strictObject({
  gifs: z
    .array(
      z.strictObject({
        gif_id: gifId,
        trending_datetime: instant,
        window_minutes: wholeNumber(1, MAX_WINDOW_MINUTES).default(24 * 60),
      }),
    )
    .min(1)
    .max(MAX_SCHEDULED_PER_CALL),
});

/** `GET schedule` (limit 25, offset 0, type gif by default). */
export const scheduleListQuery = z.object({
  limit: wholeNumber(1, 100).default(25),
  offset: wholeNumber(0, 10_000).default(0),
  type: z.enum(['gif', 'sticker', 'video']).default('gif'),
});

/** `GET activity`, newest first. */
export const activityQuery = z.object({
  limit: wholeNumber(1, 100).default(25),
  offset: wholeNumber(0, 10_000).default(0),
});
