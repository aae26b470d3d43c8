import { reportReasons, type ReportReason } from '@jiffy/contracts';
import { z } from 'zod';
import { gifId, wholeNumber } from '../../platform/http/input-schemas.ts';

const reasons = reportReasons.map(([value]) => value) as [ReportReason, ...ReportReason[]];

/** `POST /api/v3/content-takedown/takedown`: the reasons are the report reasons. */
export const takedownBody = z.strictObject({
  gif_id: gifId,
  reason: z.enum(reasons),
  send_email: z.boolean().default(false),
  note: z.string().trim().max(1000).default(''),
});

/** `POST /api/v3/content-takedown/restore`. */
export const restoreBody = z.strictObject({ gif_id: gifId });

/** `GET /api/v3/moderation/audit-log`: `cursor` is the `next_cursor` of the page before. */
export const auditLogQuery = z.strictObject({
  cursor: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
  limit: wholeNumber(1, 100).default(25),
});
