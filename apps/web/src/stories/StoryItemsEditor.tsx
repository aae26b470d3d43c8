import { useRef, useState } from 'react';
import { moveItem, type DraftItem } from './story-draft.ts';

/**
 * The story's GIFs in order, each with its caption, link and cover choice. Reordered by drag,
 * or from the keyboard with the Move up / Move down buttons (focus stays on the button pressed,
 * so pressing it again keeps moving the same GIF).
 */
export function StoryItemsEditor(props: {
  items: DraftItem[];
  coverId: string | null;
  onItems: (items: DraftItem[]) => void;
  onCover: (gifId: string) => void;
}) {
  const { items, onItems } = props;
  const [dragged, setDragged] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const cover = props.coverId ?? items[0]?.gif_id ?? null;
  const update = (index: number, patch: Partial<DraftItem>) =>
    onItems(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const move = (from: number, to: number, button?: string) => {
    onItems(moveItem(items, from, to));
    if (button)
      requestAnimationFrame(() =>
        list.current?.querySelector<HTMLButtonElement>(`[data-move="${button}"]`)?.focus(),
      );
  };
  if (items.length === 0) return <p className="muted">No GIFs yet: add some from below.</p>;
  return (
    <ol className="story-edit-items" aria-label="GIFs in the story" ref={list}>
      {items.map((item, index) => {
        const name = item.title || `GIF ${index + 1}`;
        return (
          <li
            key={item.key}
            draggable
            className={dragged === index ? 'dragging' : undefined}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(index));
              setDragged(index);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              const from = Number(event.dataTransfer.getData('text/plain'));
              if (Number.isInteger(from)) move(from, index);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
          >
            <span className="drag-handle" aria-hidden="true">
              ⠿
            </span>
            {item.preview ? <img src={item.preview} alt="" width={96} /> : null}
            <div className="story-edit-fields">
              <strong>
                {index + 1}. {name}
              </strong>
              <label>
                <span>Caption for {name}</span>
                <textarea
                  value={item.caption}
                  maxLength={1000}
                  rows={2}
                  onChange={(event) => update(index, { caption: event.target.value })}
                />
              </label>
              <label>
                <span>Link for {name} (optional)</span>
                <input
                  type="url"
                  value={item.link}
                  placeholder="https://…"
                  onChange={(event) => update(index, { link: event.target.value })}
                />
              </label>
              <div className="action-row">
                <label className="check-field">
                  <input
                    type="radio"
                    name="cover"
                    checked={cover === item.gif_id}
                    onChange={() => props.onCover(item.gif_id)}
                  />
                  Cover
                </label>
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Move ${name} up`}
                  data-move={`${item.key}-up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1, `${item.key}-up`)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Move ${name} down`}
                  data-move={`${item.key}-down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1, `${item.key}-down`)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Remove ${name}`}
                  onClick={() => onItems(items.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
