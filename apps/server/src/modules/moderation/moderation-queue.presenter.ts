import { reportReasons, type FlagObject, type ModerationOutcome } from '@jiffy/contracts';
import type { FlagRow } from './flag.repository.ts';
import type { ActionOutcome } from './moderation-actions.service.ts';
import { presentAuditEntry } from './moderation.presenter.ts';
import type { QueueGif, QueueItem } from './queue.service.ts';

/** What the pipeline's own reasons say to a moderator. */
const automaticLabels: Record<string, string> = {
  content_safety: 'Content safety: stricter than the declared rating',
  near_duplicate: "Near-duplicate of another user's GIF",
};
const label = (reason: string) =>
  reportReasons.find(([value]) => value === reason)?.[1] ?? automaticLabels[reason] ?? reason;
const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);

/** A flag as its author sees it. */
export function presentFlag(flag: FlagRow): FlagObject {
  return {
    id: String(flag.id),
    gif_id: flag.gif_id,
    reason: flag.reason,
    reason_label: label(flag.reason),
    rating: flag.suggested_rating,
    note: flag.note,
    created_at: iso(flag.created_at),
    updated_at: iso(flag.updated_at),
  };
}

/** What a moderator's decision did. */
export function presentOutcome(outcome: ActionOutcome): ModerationOutcome {
  return {
    gif_id: outcome.gifId,
    action: outcome.action,
    status: outcome.status,
    rating: outcome.rating,
    is_sticker: outcome.type === 'sticker',
    reports_resolved: outcome.reportsResolved,
    flags_resolved: outcome.flagsResolved,
    search_report_resolved: outcome.searchReportResolved,
    ...(outcome.emailed === null ? {} : { emailed: outcome.emailed }),
  };
}

/** A GIF in the queue: its object, the moderation facts the object lacks, its history. */
function presentQueueGif(entry: QueueGif, publicUrl: string) {
  const { row } = entry;
  return {
    ...entry.gif,
    moderation: {
      status: row.status,
      rating: row.rating,
      is_sticker: row.type === 'sticker',
      tags: row.tags,
      lang: row.lang,
      uploader_user_id: row.user_id,
      source_format: row.source_format,
      width: row.width,
      height: row.height,
      frames: row.frames,
      duration_ms: row.duration_ms,
      original_bytes: row.original_bytes,
      created_at: iso(row.created_at),
      // Media serves no file of a held upload; moderators see it here.
      preview_url:
        row.status === 'pending_review'
          ? `${publicUrl}/api/v3/moderation/gifs/${row.id}/preview`
          : null,
      history: entry.history.map(presentAuditEntry),
    },
  };
}

/** One thing waiting for a decision. */
export function presentQueueItem(item: QueueItem, publicUrl: string) {
  const { row } = item;
  const detail = { ...row.detail };
  if (typeof detail.reason === 'string') detail.reason_label = label(detail.reason);
  if (Array.isArray(detail.reasons))
    detail.reason_labels = detail.reasons.map((reason) => label(String(reason)));
  return {
    kind: row.kind,
    id: row.id,
    gif_id: row.gif_id,
    created_at: iso(row.created_at),
    ...detail,
    gif: item.gif ? presentQueueGif(item.gif, publicUrl) : null,
    ...(row.kind === 'search_report'
      ? {
          shown_gif_ids: row.gif_ids ?? [],
          shown_gifs: item.shown.map((gif) => presentQueueGif(gif, publicUrl)),
        }
      : {}),
    // A near-duplicate is shown beside the other user's GIF it resembles.
    ...(row.kind === 'automatic' && row.gif_ids
      ? { duplicate_gif: item.shown[0] ? presentQueueGif(item.shown[0], publicUrl) : null }
      : {}),
  };
}
