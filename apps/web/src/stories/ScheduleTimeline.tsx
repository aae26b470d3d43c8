import type { Gif } from '@jiffy/contracts';
import { useState, type DragEvent } from 'react';
import { carriesScheduling, DRAG_GIF, DRAG_ITEM } from './drag-data.ts';
import { comingWeek, localInputValue, startOnDay } from './local-time.ts';
import type { ScheduledItem } from './schedule-api.ts';
import { ScheduledGifLink, scheduledGifName } from './ScheduledGifLink.tsx';

/** Where a GIF dropped in from the search starts on a later day: noon. */
const NOON = new Date(2000, 0, 1, 12, 0);

/**
 * The coming week, one row per day, each scheduled GIF at its start (one already trending sits
 * on today). Each can be dragged to another day (same time of day; on today, now), moved to
 * another time with its field, or removed; a GIF dragged in from the search is scheduled on
 * the day it is dropped on.
 */
export function ScheduleTimeline(props: {
  items: ScheduledItem[];
  /** The scheduled GIFs' objects, for their pictures and titles. */
  gifs: ReadonlyMap<string, Gif>;
  busy: boolean;
  onMove: (item: ScheduledItem, start: string) => void;
  onRemove: (item: ScheduledItem) => void;
  onDropGif: (gifId: string, start: string) => void;
}) {
  const days = comingWeek();
  const [target, setTarget] = useState<number | null>(null);
  const drop = (event: DragEvent, day: Date) => {
    event.preventDefault();
    setTarget(null);
    if (props.busy) return;
    const itemId = event.dataTransfer.getData(DRAG_ITEM);
    const item = props.items.find((candidate) => candidate.id === itemId);
    if (item) {
      const start = startOnDay(day, new Date(item.trending_datetime));
      if (start.getTime() !== new Date(item.trending_datetime).getTime())
        props.onMove(item, start.toISOString());
      return;
    }
    const gifId = event.dataTransfer.getData(DRAG_GIF);
    if (gifId) props.onDropGif(gifId, startOnDay(day, NOON).toISOString());
  };
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
          <li
            key={day.toISOString()}
            className={target === index ? 'drop-target' : undefined}
            onDragOver={(event) => {
              if (!carriesScheduling(event)) return;
              event.preventDefault();
              setTarget(index);
            }}
            onDragLeave={() => setTarget((current) => (current === index ? null : current))}
            onDrop={(event) => drop(event, day)}
          >
            <h3>{name}</h3>
            {items.length === 0 ? <p className="muted">Nothing scheduled.</p> : null}
            <ul aria-label={name} className="schedule-items">
              {items.map((item) => (
                <TimelineItem
                  key={item.id}
                  item={item}
                  gif={props.gifs.get(item.gif_id)}
                  busy={props.busy}
                  onMove={props.onMove}
                  onRemove={props.onRemove}
                />
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
  gif: Gif | undefined;
  busy: boolean;
  onMove: (item: ScheduledItem, start: string) => void;
  onRemove: (item: ScheduledItem) => void;
}) {
  const { item } = props;
  const name = scheduledGifName(item.gif_id, props.gif);
  const [start, setStart] = useState(localInputValue(new Date(item.trending_datetime)));
  const from = new Date(item.trending_datetime).toLocaleTimeString([], { timeStyle: 'short' });
  const hours = Math.round((item.window_minutes / 60) * 10) / 10;
  return (
    <li
      className="schedule-item"
      draggable={!props.busy}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_ITEM, item.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
    >
      <span>
        <ScheduledGifLink gifId={item.gif_id} gif={props.gif} />{' '}
        {item.is_sticker ? '(sticker) ' : ''}from {from} for {hours} h
      </span>
      <form
        className="action-row"
        onSubmit={(event) => {
          event.preventDefault();
          props.onMove(item, new Date(start).toISOString());
        }}
      >
        <label>
          <span className="visually-hidden">New start for {name}</span>
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
          aria-label={`Remove ${name}`}
          onClick={() => props.onRemove(item)}
        >
          Remove
        </button>
      </form>
    </li>
  );
}
