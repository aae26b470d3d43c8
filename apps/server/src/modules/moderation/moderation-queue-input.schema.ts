import { ratings, reportReasons, type ReportReason } from '@jiffy/contracts';
import { z } from 'zod';
import { wholeNumber } from '../../platform/http/input-schemas.ts';
import { queueKinds } from './queue.repository.ts';

const reasons = reportReasons.map(([value]) => value) as [ReportReason, ...ReportReason[]];
const note = z.string().trim().max(1000).default('');
const searchReportId = wholeNumber(1, Number.MAX_SAFE_INTEGER).optional();

/** A flag (`POST /api/v1/gifs/:id/moderation` without an action): anyone signed in. */
export const flagBody = z.strictObject({
  reason: z.enum(reasons),
  rating: z.enum(ratings).optional(),
  note,
});

/**
 * A moderator's decision (the same call with an `action`). `search_report_id` also resolves
 * that open search report, which must have shown this GIF.
 */
export const actionBody = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.enum(['approve', 'dismiss']),
    search_report_id: searchReportId,
  }),
  z.strictObject({
    action: z.literal('set_rating'),
    rating: z.enum(ratings),
    search_report_id: searchReportId,
  }),
  z.strictObject({
    action: z.literal('set_sticker'),
    is_sticker: z.boolean(),
    search_report_id: searchReportId,
  }),
  z.strictObject({
    action: z.literal('take_down'),
    reason: z.enum(reasons),
    note,
    send_email: z.boolean().default(false),
    search_report_id: searchReportId,
  }),
  z.strictObject({ action: z.literal('restore') }),
]);

const searchTypes = { gifs: 'gif', stickers: 'sticker', videos: 'video' } as const;

/**
 * `POST /ajax/report-search`. `offset`, `limit`, `rating` and `lang` say which page was shown
 * (the search call's own defaults when not said).
 */
export const reportSearchBody = z.strictObject({
  reasons: z.array(z.enum(reasons)).min(1).max(reasons.length),
  additional_info: z.string().trim().max(1000).default(''),
  search_response_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'not a response id'),
  search_term: z.string().trim().min(1).max(50),
  search_content_type: z
    .enum(Object.keys(searchTypes) as [keyof typeof searchTypes, ...(keyof typeof searchTypes)[]])
    .transform((type) => searchTypes[type]),
  offset: wholeNumber(0, 4999).default(0),
  limit: wholeNumber(1, 50).default(25),
  rating: z.enum(['y', 'g', 'pg', 'pg-13', 'r']).default('pg-13'),
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/)
    .default('en'),
});

/** `POST /api/v3/moderation/search-reports/:id`: a search report's own decision. */
export const searchReportParams = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });
export const searchReportDecision = z.strictObject({ action: z.literal('dismiss') });

/** `GET /api/v3/moderation/queue`: `kind` one of the queue's kinds (all when absent). */
export const queueQuery = z.object({
  kind: z.enum(queueKinds).optional(),
  cursor: z.string().max(200).optional(),
  limit: wholeNumber(1, 50).default(20),
});
