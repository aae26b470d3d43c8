import { z } from 'zod';
import { gifSchema, ratings } from './gif.ts';
import { siteData } from './site-answers.ts';

/** What staff content search answers (`/api/v1/search-service/`). */
const gifStatus = z.enum(['processing', 'ready', 'failed', 'removed', 'pending_review']);
const tally = z.object({ total: z.number().int(), open: z.number().int() });

/** A GIF as staff search shows it: its object and what moderation knows of it. */
export const staffGifSchema = gifSchema.extend({
  moderation: z.object({
    status: gifStatus,
    failure_code: z.string().nullable(),
    rating: z.enum(ratings),
    is_sticker: z.boolean(),
    lang: z.string(),
    tags: z.array(z.string()),
    visibility: z.enum(['public', 'unlisted']),
    uploader_user_id: z.string().nullable(),
    uploader_username: z.string().nullable(),
    original_bytes: z.number().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    frames: z.number().int().nullable(),
    duration_ms: z.number().nullable(),
    reports: tally,
    flags: tally,
    views: z.number(),
    favorites: z.number(),
    created_at: z.string().nullable(),
  }),
});
export type StaffGif = z.infer<typeof staffGifSchema>;

export const staffSearchAnswer = z.object({
  count: z.number().int(),
  results: z.array(staffGifSchema),
  /** Words to narrow the search by, from the matches' titles and tags. */
  gps_keywords: z.array(z.string()),
});
/** `email=true`: the CSV is made by a job and its link sent to the caller. */
export const csvExportQueuedAnswer = siteData(
  z.object({ status: z.literal('queued'), email: z.string() }),
);
