import type { ChannelObject } from '@jiffy/contracts';
import { useState } from 'react';
import { channelApi } from './channel-api.ts';
import { sentence } from './sentence.ts';

/** What a dragged sub-channel row carries: its channel id. */
const DRAG_CHANNEL = 'application/x-jiffy-channel';

/**
 * A channel's sub-channels in their order: drag one onto another to put it there (before a
 * row it came from below, after one it came from above), or use the buttons to move each up,
 * down or into another (keyboard-friendly: every move is a button).
 */
export function SubChannelList(props: {
  siblings: ChannelObject[];
  run: (change: () => Promise<string>) => Promise<void>;
}) {
  const { siblings, run } = props;
  const [target, setTarget] = useState<number | null>(null);
  if (siblings.length === 0) return null;
  const move = (
    child: ChannelObject,
    position: 'before' | 'after' | 'last',
    target: ChannelObject,
  ) =>
    run(async () => {
      await channelApi.move(child.id, position, target.id);
      return position === 'last'
        ? sentence(`Moved ${child.display_name} into ${target.display_name}`)
        : sentence(`Moved ${child.display_name}`);
    });
  return (
    <ol className="sub-channel-list" aria-label="Sub-channels">
      {siblings.map((child, i) => (
        <li
          key={child.id}
          draggable
          className={target === child.id ? 'drop-target' : undefined}
          onDragStart={(event) => {
            event.dataTransfer.setData(DRAG_CHANNEL, String(child.id));
            event.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes(DRAG_CHANNEL)) return;
            event.preventDefault();
            setTarget(child.id);
          }}
          onDragLeave={() => setTarget((current) => (current === child.id ? null : current))}
          onDrop={(event) => {
            event.preventDefault();
            setTarget(null);
            const from = siblings.findIndex(
              (s) => String(s.id) === event.dataTransfer.getData(DRAG_CHANNEL),
            );
            if (from < 0 || from === i) return;
            void move(siblings[from]!, from > i ? 'before' : 'after', child);
          }}
        >
          <span>{child.display_name}</span>{' '}
          <button
            type="button"
            disabled={i === 0}
            aria-label={`Move ${child.display_name} up`}
            onClick={() => void move(child, 'before', siblings[i - 1]!)}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={i === siblings.length - 1}
            aria-label={`Move ${child.display_name} down`}
            onClick={() => void move(child, 'after', siblings[i + 1]!)}
          >
            ↓
          </button>
          <select
            aria-label={`Move ${child.display_name} into`}
            value=""
            onChange={(event) => {
              const target = siblings.find((s) => String(s.id) === event.target.value);
              if (target) void move(child, 'last', target);
            }}
          >
            <option value="">Move into…</option>
            {siblings
              .filter((s) => s.id !== child.id)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.display_name}
                </option>
              ))}
          </select>
        </li>
      ))}
    </ol>
  );
}
