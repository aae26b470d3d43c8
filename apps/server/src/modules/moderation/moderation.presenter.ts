import { reportReasons, type AuditEntry, type TakedownObject } from '@jiffy/contracts';
import type { AuditRow } from '../audit-log/index.ts';
import type { TakedownRow, UploaderTakedown } from './takedown.repository.ts';

const label = (reason: string) => reportReasons.find(([value]) => value === reason)?.[1] ?? reason;
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** A takedown as the moderator who made it and the uploader see it (never who made it). */
export function presentTakedown(takedown: TakedownRow | UploaderTakedown): TakedownObject {
  return {
    id: String(takedown.id),
    gif_id: takedown.gif_id,
    ...('title' in takedown ? { title: takedown.title } : {}),
    reason: takedown.reason,
    reason_label: label(takedown.reason),
    note: takedown.note,
    emailed: takedown.emailed,
    created_at: iso(takedown.created_at),
    restored_at: iso(takedown.restored_at),
    files_purged_at: iso(takedown.files_purged_at),
  };
}

/** An audit log entry: who, what (to which GIF or user), when, before and after. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    action: row.action,
    gif_id: row.gif_id,
    search_report_id: row.search_report_id === null ? null : String(row.search_report_id),
    subject: row.subject_user_id
      ? { id: row.subject_user_id, username: row.subject_username ?? null }
      : null,
    actor: row.actor_user_id ? { id: row.actor_user_id, username: row.actor_username } : null,
    actor_note: row.actor_note ?? null,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: iso(row.created_at),
  };
}
