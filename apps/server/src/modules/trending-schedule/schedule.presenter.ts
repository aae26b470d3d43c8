import type { ScheduleActivity, ScheduledItem } from '@jiffy/contracts';
import type { GifType } from '../../platform/db/schema.ts';
import { isoTime } from '../gateway/index.ts';
import type { ActivityRow, ScheduledItemRow } from './schedule.repository.ts';

const who = (id: string | null, username: string | null) =>
  id && username ? { id, username } : null;

const placement = (type: GifType) => ({ type, is_sticker: type === 'sticker' });

/** A scheduled trending item (id, is_sticker, type) with its window and who made it. */
export function presentScheduledItem(row: ScheduledItemRow): ScheduledItem {
  return {
    id: row.id,
    gif_id: row.gif_id,
    ...placement(row.type),
    trending_datetime: isoTime(row.starts_at),
    end_datetime: isoTime(row.ends_at),
    window_minutes: Math.round((row.ends_at.getTime() - row.starts_at.getTime()) / 60_000),
    created_by: who(row.created_by, row.created_by_username),
    create_datetime: isoTime(row.created_at),
  };
}

/** One entry of the activity log: who scheduled or removed what, and when. */
export function presentActivity(row: ActivityRow): ScheduleActivity {
  return {
    id: row.id,
    action: row.action,
    schedule_id: row.schedule_id,
    gif_id: row.gif_id,
    ...placement(row.type),
    trending_datetime: isoTime(row.starts_at),
    end_datetime: isoTime(row.ends_at),
    actor: who(row.actor_id, row.actor_username),
    datetime: isoTime(row.created_at),
  };
}
