import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt, SafetyScores } from './column-types.ts';
import type { Rating } from './gifs.ts';

// Reports, takedowns, flags and the moderators' audit log.

export interface GifReportsTable {
  id: Generated<number>;
  gif_id: string;
  reason: string;
  note: string;
  reporter_user_id: string | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** How a moderator resolved it ('takedown', ...); null while open. */
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GifTakedownsTable {
  id: Generated<number>;
  gif_id: string;
  uploader_user_id: string | null;
  reason: string;
  note: ColumnType<string, string | undefined, string>;
  taken_down_by: string | null;
  emailed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  restored_at: Date | null;
  restored_by: string | null;
  /** When the quarantined files were deleted (retention passed); a restore is impossible after. */
  files_purged_at: Date | null;
}

export type AuditAction =
  | 'gif.takedown'
  | 'gif.restore'
  | 'gif.delete'
  | 'gif.edit'
  | 'gif.approve'
  | 'gif.set_rating'
  | 'gif.set_sticker'
  | 'gif.dismiss'
  | 'search_report.dismiss'
  | 'trending_search.hide'
  | 'trending_search.unhide'
  | 'trending_search.block_terms'
  | 'user.set_role';

export interface GifFlagsTable {
  id: Generated<number>;
  gif_id: string;
  flagger_user_id: string | null;
  reason: string;
  suggested_rating: Rating | null;
  note: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  resolved_at: Date | null;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Why the pipeline queued a GIF for a moderator. */
export type AutomaticFlagReason = 'content_safety' | 'near_duplicate';

export interface GifAutomaticFlagsTable {
  id: Generated<number>;
  gif_id: string;
  reason: AutomaticFlagReason;
  declared_rating: Rating | null;
  suggested_rating: Rating | null;
  /** Written as JSON text. */
  scores: ColumnType<SafetyScores | null, string | null, string | null>;
  /** The other user's GIF this one is a near-duplicate of. */
  duplicate_of: string | null;
  /** Bits that differ between the two perceptual hashes. */
  distance: number | null;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SearchReportsTable {
  id: Generated<number>;
  response_id: string;
  search_term: string;
  content_type: string;
  reasons: string[];
  additional_info: ColumnType<string, string | undefined, string>;
  /** The GIFs the reported answer showed, in its order. */
  gif_ids: string[];
  reporter_user_id: string | null;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ModerationAuditLogTable {
  id: Generated<number>;
  actor_user_id: string | null;
  action: AuditAction;
  /** Null for an entry about a search report alone. */
  gif_id: string | null;
  search_report_id: ColumnType<number | null, number | null | undefined, never>;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  /** Whose role a `user.set_role` entry changed; null for entries about GIFs. */
  subject_user_id: ColumnType<string | null, string | null | undefined, never>;
  /** Who acted when no signed-in user did (the operator's command line). */
  actor_note: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}
