import type { ChannelObject } from '@jiffy/contracts';
import { channelApi } from './channel-api.ts';

/**
 * A channel's sub-channels in their order, with buttons to move each up, down or into another
 * (keyboard-friendly: every move is a button).
 */
export function SubChannelList(props: {
  siblings: ChannelObject[];
  run: (change: () => Promise<string>) => Promise<void>;
}) {
  const { siblings, run } = props;
  if (siblings.length === 0) return null;
  const move = (
    child: ChannelObject,
    position: 'before' | 'after' | 'last',
    target: ChannelObject,
  ) =>
    run(async () => {
      await channelApi.move(child.id, position, target.id);
      return position === 'last'
        ? `Moved ${child.display_name} into ${target.display_name}.`
        : `Moved ${child.display_name}.`;
    });
  return (
    <ol className="sub-channel-list" aria-label="Sub-channels">
      {siblings.map((child, i) => (
        <li key={child.id}>
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
