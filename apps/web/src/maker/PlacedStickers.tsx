import type { StickerPlacement } from './scene.ts';
import { moveSticker } from './sticker-placement.ts';

const ACTIONS = [
  ['Enlarge', '+'],
  ['Shrink', '-'],
  ['Remove', 'Delete'],
] as const;

/**
 * The placed stickers as a list with buttons that do what the handles' keys do (+, −,
 * Delete): resizing and removing for a pointer or a touch screen, not only a keyboard.
 */
export function PlacedStickers(props: {
  stickers: StickerPlacement[];
  onChange: (stickers: StickerPlacement[]) => void;
}) {
  if (!props.stickers.length) return <p className="hint">No stickers placed yet.</p>;
  const apply = (sticker: StickerPlacement, key: string) => {
    const next = moveSticker(sticker, key);
    props.onChange(
      next
        ? props.stickers.map((s) => (s.key === sticker.key ? next : s))
        : props.stickers.filter((s) => s.key !== sticker.key),
    );
  };
  return (
    <ul className="placed-stickers" aria-label="Placed stickers">
      {props.stickers.map((sticker) => {
        const name = sticker.title || 'untitled';
        return (
          <li key={sticker.key}>
            <span>{name}</span>
            {ACTIONS.map(([label, key]) => (
              <button
                key={label}
                type="button"
                className="secondary"
                aria-label={`${label} sticker ${name}`}
                onClick={() => apply(sticker, key)}
              >
                {label}
              </button>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
