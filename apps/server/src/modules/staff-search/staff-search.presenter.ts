import type { StaffGif } from '@jiffy/contracts';
import type { Gif } from '@jiffy/contracts';
import type { ExportedGifRow, StaffGifRow } from './staff-search.repository.ts';

const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);

/** A found GIF: its object (whatever its status) and what staff need to judge it. */
export function presentStaffGif(gif: Gif, row: StaffGifRow): StaffGif {
  return {
    ...gif,
    moderation: {
      status: row.status,
      failure_code: row.failure_code,
      rating: row.rating,
      is_sticker: row.type === 'sticker',
      lang: row.lang,
      tags: row.tags,
      visibility: row.visibility,
      uploader_user_id: row.user_id,
      uploader_username: row.uploader_username,
      original_bytes: row.original_bytes,
      width: row.width,
      height: row.height,
      frames: row.frames,
      duration_ms: row.duration_ms,
      reports: { total: row.reports_total, open: row.reports_open },
      flags: { total: row.flags_total, open: row.flags_open },
      views: Number(row.view_count),
      favorites: Number(row.favorite_count),
      created_at: iso(row.created_at),
    },
  };
}

/** The CSV's columns, in order, each with how a row fills it. */
export const csvColumns: [string, (row: ExportedGifRow, publicUrl: string) => unknown][] = [
  ['id', (r) => r.id],
  ['title', (r) => r.title],
  ['url', (r, publicUrl) => `${publicUrl}/gifs/${r.slug}`],
  ['uploader', (r) => r.uploader_username ?? ''],
  ['status', (r) => r.status],
  ['failure_code', (r) => r.failure_code ?? ''],
  ['type', (r) => r.type],
  ['rating', (r) => r.rating],
  ['lang', (r) => r.lang],
  ['visibility', (r) => r.visibility],
  ['tags', (r) => r.tags.join(' | ')],
  ['width', (r) => r.width ?? ''],
  ['height', (r) => r.height ?? ''],
  ['frames', (r) => r.frames ?? ''],
  ['duration_ms', (r) => r.duration_ms ?? ''],
  ['bytes', (r) => r.original_bytes ?? ''],
  ['views', (r) => Number(r.view_count)],
  ['favorites', (r) => Number(r.favorite_count)],
  ['shares', (r) => Number(r.share_count)],
  ['reports_total', (r) => r.reports_total],
  ['reports_open', (r) => r.reports_open],
  ['flags_total', (r) => r.flags_total],
  ['flags_open', (r) => r.flags_open],
  ['created_at', (r) => iso(r.created_at)],
];
