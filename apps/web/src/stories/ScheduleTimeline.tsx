import { useState } from 'react';
import { comingWeek, localInputValue } from './local-time.ts';
import type { ScheduledItem } from './schedule-api.ts';

/**
 * The coming week, one row per day, each scheduled GIF at its start (one already trending sits
 * on today). Each can be moved to another time or removed.
 */
export function ScheduleTimeline(props: {
  items: ScheduledItem[];
  busy: boolean;
  onMove: (item: ScheduledItem, start: string) => void;
  onRemove: (item: ScheduledItem) => void;
}) {
  const days = comingWeek();
  const dayOf = (item: ScheduledItem) => {
    const start = new Date(item.trending_datetime).getTime();
    const index = days.findLastIndex((day) => day.getTime() <= start);
    return Math.max(0, index);
  };
  return (
    <ol className="schedule-days" aria-label="The coming week">
      {days.map((day, index) => {
        const items = props.items.filter((item) => dayOf(item) === index);
        const name = day.toLocaleDateString(undefined, {
          weekday: 'long',
          day: 'numeric',
          month: 'short',
        });
        return (
          <li key={day.toISOString()}>
            <h3>{name}</h3>
            {items.length === 0 ? <p className="muted">Nothing scheduled.</p> : null}
            <ul aria-label={name} className="schedule-items">
              {items.map((item) => (
                <TimelineItem key={item.id} item={item} {...props} />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

function TimelineItem(props: {
  item: ScheduledItem;
  busy: boolean;
  onMove: (item: ScheduledItem, start: string) => void;
  onRemove: (item: ScheduledItem) => void;
}) {
  const { item } = props;
  const [start, setStart] = useState(localInputValue(new Date(item.trending_datetime)));
  const from = new Date(item.trending_datetime).toLocaleTimeString([], { timeStyle: 'short' });
  const hours = Math.round((item.window_minutes / 60) * 10) / 10;
  return (
    <li className="schedule-item">
      <span>
        <a href={`/gifs/${item.gif_id}`}>{item.gif_id}</a> {item.is_sticker ? '(sticker) ' : ''}
        from {from} for {hours} h
      </span>
      <form
        className="action-row"
        onSubmit={(event) => {
          event.preventDefault();
          props.onMove(item, new Date(start).toISOString());
        }}
      >
        <label>
          <span className="visually-hidden">New start for {item.gif_id}</span>
          <input
            type="datetime-local"
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
        </label>
        <button type="submit" className="secondary" disabled={props.busy}>
          Move
        </button>
        <button
          type="button"
          className="secondary"
          disabled={props.busy}
          aria-label={`Remove ${item.gif_id}`}
          onClick={() => props.onRemove(item)}
        >
          Remove
        </button>
      </form>
    </li>
  );
}
