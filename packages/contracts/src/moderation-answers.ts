import { z } from 'zod';
import { gifSchema, ratings } from './gif.ts';
import { siteData } from './site-answers.ts';

/**
 * What the moderation calls answer (takedowns and restores, deletes, the audit log, reports,
 * flags and moderators' decisions, search reports, the moderation queue).
 */
const isoTime = z.string().meta({ description: 'ISO 8601' });
const gifStatus = z.enum(['processing', 'ready', 'failed', 'removed', 'pending_review']);

/** A takedown as the moderator who made it and the uploader see it (never who made it). */
export const takedownSchema = z.object({
  id: z.string(),
  gif_id: z.string(),
  /** The GIF's title, for its uploader (`mine`). */
  title: z.string().optional(),
  reason: z.string(),
  reason_label: z.string(),
  note: z.string(),
  emailed: z.boolean(),
  created_at: isoTime.nullable(),
  restored_at: isoTime.nullable(),
  files_purged_at: isoTime.nullable(),
});
export type TakedownObject = z.infer<typeof takedownSchema>;
export const takedownAnswer = siteData(
  takedownSchema.extend({ status: z.literal('removed'), reports_resolved: z.number().int() }),
);
export const myTakedownsAnswer = siteData(z.array(takedownSchema));
export const restoredAnswer = siteData(z.object({ gif_id: z.string(), status: gifStatus }));

/** An audit log entry: who, what, when, before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum([
    'gif.takedown',
    'gif.restore',
    'gif.delete',
    'gif.edit',
    'gif.approve',
    'gif.set_rating',
    'gif.set_sticker',
    'gif.dismiss',
    'search_report.dismiss',
    'trending_search.hide',
    'trending_search.unhide',
    'trending_search.block_terms',
    'user.set_role',
  ]),
  gif_id: z.string().nullable(),
  search_report_id: z.string().nullable(),
  /** Whose role a `user.set_role` entry changed; null for entries about GIFs. */
  subject: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  actor: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
  /** Who acted when no signed-in user did (`actor` is then null): the operator's command line. */
  actor_note: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: isoTime.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
const cursorPagination = z.object({ next_cursor: z.string().nullable() });
export const auditLogAnswer = z.object({
  data: z.array(auditEntrySchema),
  pagination: cursorPagination,
});

/** A flag as its author sees it. */
export const flagSchema = z.object({
  id: z.string(),
  gif_id: z.string(),
  reason: z.string(),
  reason_label: z.string(),
  rating: z.enum(ratings).nullable(),
  note: z.string(),
  created_at: isoTime.nullable(),
  updated_at: isoTime.nullable(),
});
export type FlagObject = z.infer<typeof flagSchema>;
export const flagAnswer = siteData(flagSchema);

/** What a moderator's decision did. */
export const moderationOutcomeSchema = z.object({
  gif_id: z.string(),
  action: z.enum(['approve', 'dismiss', 'set_rating', 'set_sticker', 'take_down', 'restore']),
  status: gifStatus,
  rating: z.enum(ratings),
  is_sticker: z.boolean(),
  reports_resolved: z.number().int(),
  flags_resolved: z.number().int(),
  search_report_resolved: z.boolean(),
  /** Whether the uploader was told (a takedown only). */
  emailed: z.boolean().optional(),
});
export type ModerationOutcome = z.infer<typeof moderationOutcomeSchema>;
/** A flag (200 when the caller's flag was there and is updated), or a decision's outcome. */
export const flagOrDecisionAnswer = z.union([flagAnswer, siteData(moderationOutcomeSchema)]);

export const gifReportReceivedAnswer = siteData(
  z.object({ gif_id: z.string(), status: z.literal('received') }),
);
export const openGifReportsAnswer = siteData(
  z.array(
    z.object({
      id: z.number().int(),
      gif_id: z.string(),
      reason: z.string(),
      note: z.string(),
      reporter_user_id: z.string().nullable(),
      created_at: isoTime,
    }),
  ),
);
export const searchReportReceivedAnswer = siteData(
  z.object({ id: z.string(), status: z.literal('received'), shown_gif_ids: z.array(z.string()) }),
);
export const searchReportDecisionAnswer = siteData(
  z.object({ id: z.string(), action: z.literal('dismiss'), status: z.literal('resolved') }),
);

/** A GIF in the queue: its object, and the moderation facts the object lacks. */
export const queueGifSchema = gifSchema.extend({
  moderation: z.object({
    status: gifStatus,
    rating: z.enum(ratings),
    is_sticker: z.boolean(),
    tags: z.array(z.string()),
    lang: z.string().nullable(),
    uploader_user_id: z.string().nullable(),
    source_format: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    frames: z.number().int().nullable(),
    duration_ms: z.number().nullable(),
    original_bytes: z.number().nullable(),
    created_at: isoTime.nullable(),
    /** A held upload's file, which media does not serve, for moderators. */
    preview_url: z.string().nullable(),
    history: z.array(auditEntrySchema),
  }),
});

/**
 * One thing waiting for a decision. Each kind adds its own facts (a report's reason and note, a
 * search report's term and reasons…), so the item is open to more properties.
 */
export const queueItemSchema = z.looseObject({
  kind: z.enum(['gif_report', 'search_report', 'flag', 'pending_upload', 'automatic']),
  id: z.string(),
  gif_id: z.string().nullable(),
  created_at: isoTime.nullable(),
  gif: queueGifSchema.nullable(),
  shown_gif_ids: z.array(z.string()).optional(),
  shown_gifs: z.array(queueGifSchema).optional(),
  duplicate_gif: queueGifSchema.nullable().optional(),
});
export const moderationQueueAnswer = z.object({
  data: z.array(queueItemSchema),
  pagination: cursorPagination,
});
