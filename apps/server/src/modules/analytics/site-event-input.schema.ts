import { z } from 'zod';
import { gifId } from '../../platform/http/input-schemas.ts';

/** At most this many events in one `POST /api/v1/analytics/events`. */
export const MAX_SITE_EVENTS = 50;

const text = (max: number) => z.string().trim().min(1).max(max);

/** One of Jiffy's own analytics events (its pages, the embed player). */
export const siteEvent = z.object({
  category: text(40),
  action: text(60),
  label: z.string().max(200).default(''),
  page: z.string().max(500).default(''),
  gif_id: gifId.optional(),
  ts: z.number().int().positive().optional(),
});
