import { gateway } from './story-api.ts';

/** A GIF scheduled into trending (id, is_sticker, type) with its window. */
export interface ScheduledItem {
  id: string;
  gif_id: string;
  type: string;
  is_sticker: boolean;
  trending_datetime: string;
  end_datetime: string;
  window_minutes: number;
  created_by: { id: string; username: string } | null;
}

/** One line of the scheduler's activity log. */
export interface ScheduleActivity {
  id: string;
  action: string;
  gif_id: string;
  type: string;
  trending_datetime: string;
  actor: { username: string } | null;
  datetime: string;
}

/** Items not yet over, soonest first: GIFs and stickers (each list has its own type). */
export async function comingSchedule(): Promise<ScheduledItem[]> {
  const lists = await Promise.all(
    ['gif', 'sticker'].map((type) =>
      gateway<{ data: ScheduledItem[] }>('schedule', { query: { limit: 100, type } }),
    ),
  );
  return lists
    .flatMap((list) => list.data)
    .sort((a, b) => a.trending_datetime.localeCompare(b.trending_datetime));
}

export const scheduleGif = (gifId: string, start: string, windowMinutes: number) =>
  gateway<{ data: ScheduledItem[] }>('schedule', {
    method: 'POST',
    json: { gifs: [{ gif_id: gifId, trending_datetime: start, window_minutes: windowMinutes }] },
  });

export const unschedule = (id: string) =>
  gateway<unknown>(`schedule/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const scheduleActivity = async () =>
  (await gateway<{ data: ScheduleActivity[] }>('activity', { query: { limit: 50 } })).data;

/**
 * Moves an item to a new start. The gateway has no edit, so this removes it and schedules it
 * again (removing first: the GIF's old window would otherwise meet the new one, a conflict);
 * if the new time is refused the old item is put back, and the refusal is thrown.
 */
export async function moveScheduled(item: ScheduledItem, start: string): Promise<void> {
  await unschedule(item.id);
  try {
    await scheduleGif(item.gif_id, start, item.window_minutes);
  } catch (refusal) {
    if (Date.parse(item.trending_datetime) > Date.now())
      await scheduleGif(item.gif_id, item.trending_datetime, item.window_minutes).catch(() => {});
    throw refusal;
  }
}
