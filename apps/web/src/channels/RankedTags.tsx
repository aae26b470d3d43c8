import type { ChannelObject, ChannelRankedTag } from '@jiffy/contracts';
import { useState } from 'react';
import { channelApi } from './channel-api.ts';

/** What a dragged tab row carries: its ranked tag's id. */
const DRAG_TAG = 'application/x-jiffy-ranked-tag';

/**
 * A channel's ranked tags, the tabs on its page, in their order: drag one onto another to put it
 * in that one's place, or move it up or down with buttons (every move is a button for keyboards);
 * take one out, or add one (it goes last).
 */
export function RankedTags(props: {
  channel: ChannelObject;
  run: (change: () => Promise<string>) => Promise<void>;
}) {
  const { channel, run } = props;
  const tags = channel.tags;
  const [ranked, setRanked] = useState('');
  const [target, setTarget] = useState<number | null>(null);
  const rerank = (tag: ChannelRankedTag, rank: number) =>
    run(async () => {
      await channelApi.rerankTag(tag.id, rank);
      return `Moved the tab #${tag.tag} to place ${rank}.`;
    });
  return (
    <>
      <h3>Tabs</h3>
      <p className="hint">The tags shown as tabs above the channel’s GIFs, in this order.</p>
      <ol className="ranked-tag-list" aria-label="Tabs">
        {tags.map((t, i) => (
          <li
            key={t.id}
            draggable
            className={target === t.id ? 'drop-target' : undefined}
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TAG, String(t.id));
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TAG)) return;
              event.preventDefault();
              setTarget(t.id);
            }}
            onDragLeave={() => setTarget((current) => (current === t.id ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              setTarget(null);
              const dragged = tags.find(
                (d) => String(d.id) === event.dataTransfer.getData(DRAG_TAG),
              );
              // Dropped on another row: it takes that row's place (the others shift along).
              if (dragged && dragged.id !== t.id) void rerank(dragged, i + 1);
            }}
          >
            <span>#{t.tag}</span>{' '}
            <button
              type="button"
              aria-label={`Move tab ${t.tag} up`}
              disabled={i === 0}
              onClick={() => void rerank(t, i)}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`Move tab ${t.tag} down`}
              disabled={i === tags.length - 1}
              onClick={() => void rerank(t, i + 2)}
            >
              ↓
            </button>
            <button
              type="button"
              aria-label={`Remove tab ${t.tag}`}
              onClick={() =>
                void run(async () => {
                  await channelApi.removeRankedTag(t.id);
                  return `Removed the tab #${t.tag}.`;
                })
              }
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            await channelApi.addRankedTag(channel.id, ranked);
            setRanked('');
            return `Added the tab #${ranked}.`;
          });
        }}
      >
        <label>
          New tab <input value={ranked} onChange={(e) => setRanked(e.target.value)} required />
        </label>
        <button type="submit">Add tab</button>
      </form>
    </>
  );
}
