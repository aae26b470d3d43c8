import type { Gif, Rating, ReportReason } from '@jiffy/contracts';
import { siteBody, siteJson } from '../api/site-fetch.ts';

/** One audit-log entry: who did what, when, with the GIF before and after. */
export interface AuditEntry {
  id: string;
  action: string;
  gif_id: string | null;
  search_report_id: string | null;
  /** Whose role a `user.set_role` entry changed. */
  subject?: { id: string; username: string | null } | null;
  actor: { id: string; username: string | null } | null;
  /** Who acted when no signed-in user did (the operator's command line). */
  actor_note?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

/** A GIF in the queue: its object and what a moderator needs to decide. */
export interface QueueGif extends Gif {
  moderation: {
    status: string;
    rating: Rating;
    is_sticker: boolean;
    tags: string[];
    lang: string;
    uploader_user_id: string | null;
    source_format: string | null;
    width: number | null;
    height: number | null;
    frames: number | null;
    duration_ms: number | null;
    original_bytes: number | null;
    created_at: string;
    preview_url: string | null;
    history: AuditEntry[];
  };
}

export const queueKinds = [
  ['', 'Everything'],
  ['gif_report', 'GIF reports'],
  ['search_report', 'Search reports'],
  ['flag', 'Flags'],
  ['pending_upload', 'Pending uploads'],
  ['automatic', 'Automatic flags'],
] as const;
export type QueueKind = (typeof queueKinds)[number][0];

/** One thing waiting for a decision (`GET /api/v3/moderation/queue`). */
export interface QueueItem {
  kind: Exclude<QueueKind, ''>;
  id: string;
  gif_id: string | null;
  created_at: string;
  reason?: string;
  reason_label?: string;
  reason_labels?: string[];
  note?: string;
  suggested_rating?: Rating | null;
  search_term?: string;
  additional_info?: string;
  gif: QueueGif | null;
  shown_gifs?: QueueGif[];
  /** Automatic flags: the rating the uploader chose, and the classifier's scores (0–1). */
  declared_rating?: Rating | null;
  scores?: Record<string, number> | null;
  /** A near-duplicate: the other user's GIF it resembles, and how many hash bits differ. */
  duplicate_gif?: QueueGif | null;
  distance?: number | null;
}

export interface Paged<T> {
  data: T[];
  pagination: { next_cursor: string | null };
}

export function fetchQueue(kind: QueueKind, cursor: string | null): Promise<Paged<QueueItem>> {
  const query = new URLSearchParams({ limit: '20' });
  if (kind) query.set('kind', kind);
  if (cursor) query.set('cursor', cursor);
  return siteBody(`/api/v3/moderation/queue?${query}`);
}

export function fetchAuditLog(cursor: string | null): Promise<Paged<AuditEntry>> {
  const query = new URLSearchParams({ limit: '25' });
  if (cursor) query.set('cursor', cursor);
  return siteBody(`/api/v3/moderation/audit-log?${query}`);
}

/** A moderator's decision on a GIF, as `POST /api/v1/gifs/:id/moderation` takes it. */
export type Decision =
  | { action: 'approve' | 'dismiss' | 'restore' }
  | { action: 'set_rating'; rating: Rating }
  | { action: 'set_sticker'; is_sticker: boolean }
  | { action: 'take_down'; reason: ReportReason; note: string; send_email: boolean };

export interface Outcome {
  gif_id: string;
  action: string;
  status: string;
  rating: Rating;
  is_sticker: boolean;
  emailed?: boolean;
}

export function decide(gifId: string, decision: Decision, searchReportId?: string) {
  const json =
    searchReportId && decision.action !== 'restore'
      ? { ...decision, search_report_id: Number(searchReportId) }
      : decision;
  return siteJson<Outcome>(`/api/v1/gifs/${encodeURIComponent(gifId)}/moderation`, {
    method: 'POST',
    json,
  });
}

export function dismissSearchReport(id: string) {
  return siteJson<{ id: string; status: string }>(`/api/v3/moderation/search-reports/${id}`, {
    method: 'POST',
    json: { action: 'dismiss' },
  });
}
