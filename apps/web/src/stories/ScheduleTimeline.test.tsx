// @vitest-environment jsdom
import type { Gif } from '@jiffy/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAG_GIF, DRAG_ITEM } from './drag-data.ts';
import { comingWeek, startOnDay } from './local-time.ts';
import type { ScheduledItem } from './schedule-api.ts';
import { ScheduleTimeline } from './ScheduleTimeline.tsx';

/** A drag's data as the browser hands it to a drop target. */
const carrying = (data: Record<string, string>) => ({
  dataTransfer: { types: Object.keys(data), getData: (type: string) => data[type] ?? '' },
});

const days = comingWeek();
const at = (day: number, hours: number, minutes = 0) =>
  new Date(days[day]!.getFullYear(), days[day]!.getMonth(), days[day]!.getDate(), hours, minutes);

const item: ScheduledItem = {
  id: '7',
  gif_id: 'abc',
  type: 'gif',
  is_sticker: false,
  trending_datetime: at(2, 18, 30).toISOString(),
  end_datetime: at(3, 18, 30).toISOString(),
  window_minutes: 1440,
  created_by: null,
};

describe('the scheduler’s week', () => {
  afterEach(cleanup);

  const renderWeek = (gifs: ReadonlyMap<string, Gif> = new Map()) => {
    const onMove = vi.fn();
    const onDropGif = vi.fn();
    render(
      <ScheduleTimeline
        items={[item]}
        gifs={gifs}
        busy={false}
        onMove={onMove}
        onRemove={() => undefined}
        onDropGif={onDropGif}
      />,
    );
    const dayRows = screen.getAllByRole('heading', { level: 3 }).map((h) => h.parentElement!);
    return { onMove, onDropGif, dayRows };
  };

  it('moves a scheduled GIF dragged to another day, keeping its time of day', () => {
    const { onMove, dayRows } = renderWeek();
    expect(dayRows[2]!.textContent).toContain('abc');
    fireEvent.dragOver(dayRows[5]!, carrying({ [DRAG_ITEM]: '7' }));
    expect(dayRows[5]!.className).toBe('drop-target');
    fireEvent.drop(dayRows[5]!, carrying({ [DRAG_ITEM]: '7' }));
    expect(onMove).toHaveBeenCalledWith(item, at(5, 18, 30).toISOString());
    // Dropped back on its own day: nothing to change.
    fireEvent.drop(dayRows[2]!, carrying({ [DRAG_ITEM]: '7' }));
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it('schedules a GIF dragged in from the search at noon of the day, or now on today', () => {
    const { onDropGif, onMove, dayRows } = renderWeek();
    fireEvent.drop(dayRows[4]!, carrying({ [DRAG_GIF]: 'newgif' }));
    expect(onDropGif).toHaveBeenCalledWith('newgif', at(4, 12).toISOString());
    const before = Date.now();
    fireEvent.drop(dayRows[0]!, carrying({ [DRAG_GIF]: 'later' }));
    const [gifId, start] = onDropGif.mock.calls[1]! as [string, string];
    expect(gifId).toBe('later');
    // Noon today, or now if noon has passed.
    const noon = at(0, 12).getTime();
    expect(Date.parse(start)).toBeGreaterThanOrEqual(Math.max(before, noon));
    expect(Date.parse(start)).toBeLessThanOrEqual(Math.max(Date.now(), noon));
    expect(onMove).not.toHaveBeenCalled();
  });

  it('shows a scheduled GIF by its picture and title, and by its id once it is not served', () => {
    const moon = {
      id: 'abc',
      slug: 'moon-rise-abc',
      title: 'Moon rise',
      images: {
        fixed_height_small_still: { url: '/media/abc/100_s.gif', width: '178', height: '100' },
      },
    } as unknown as Gif;
    const { dayRows } = renderWeek(new Map([['abc', moon]]));
    const link = screen.getByRole('link', { name: 'Moon rise' });
    expect(link.getAttribute('href')).toBe('/gifs/moon-rise-abc');
    expect(link.querySelector('img')!.getAttribute('src')).toBe('/media/abc/100_s.gif');
    expect(dayRows[2]!.textContent).not.toContain('abc');
    expect(screen.getByRole('button', { name: 'Remove Moon rise' })).toBeTruthy();
    cleanup();
    renderWeek();
    expect(screen.getByRole('link', { name: 'abc' }).getAttribute('href')).toBe('/gifs/abc');
    expect(screen.getByRole('button', { name: 'Remove abc' })).toBeTruthy();
  });

  it('takes no drop of anything else', () => {
    const { onMove, onDropGif, dayRows } = renderWeek();
    fireEvent.dragOver(dayRows[3]!, carrying({ 'text/plain': 'hello' }));
    expect(dayRows[3]!.className).toBe('');
    fireEvent.drop(dayRows[3]!, carrying({ 'text/plain': 'hello' }));
    expect([onMove.mock.calls, onDropGif.mock.calls]).toEqual([[], []]);
  });
});

describe('startOnDay', () => {
  it('puts a start on the day at the time of day given, never before now', () => {
    const now = new Date(2026, 10, 26, 15, 0);
    const day = (d: number) => new Date(2026, 10, d);
    expect(startOnDay(day(28), new Date(2026, 0, 1, 9, 45), now)).toEqual(
      new Date(2026, 10, 28, 9, 45),
    );
    expect(startOnDay(day(26), new Date(2026, 0, 1, 9, 45), now)).toEqual(now);
    expect(startOnDay(day(26), new Date(2026, 0, 1, 18, 0), now)).toEqual(
      new Date(2026, 10, 26, 18, 0),
    );
  });
});
