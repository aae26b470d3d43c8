import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { StickerPlacement } from './scene.ts';
import { moveSticker } from './sticker-placement.ts';

/**
 * Focusable boxes over the preview, one per sticker, where the canvas draws it: drag to move;
 * with the keyboard, arrows move (Shift: further), + and − resize, Delete removes.
 */
export function StickerHandles(props: {
  stickers: StickerPlacement[];
  /** Output width over height: a sticker's height share from its width share. */
  ratio: number;
  onChange: (stickers: StickerPlacement[]) => void;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const drag = useRef<{ key: number; x: number; y: number } | null>(null);
  const update = (key: number, next: StickerPlacement | null) =>
    props.onChange(
      next
        ? props.stickers.map((s) => (s.key === key ? next : s))
        : props.stickers.filter((s) => s.key !== key),
    );

  const onKeyDown = (sticker: StickerPlacement) => (event: KeyboardEvent) => {
    const moved = moveSticker(sticker, event.key, event.shiftKey);
    if (moved === undefined) return;
    event.preventDefault();
    update(sticker.key, moved);
  };
  const onPointerDown = (sticker: StickerPlacement) => (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { key: sticker.key, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (sticker: StickerPlacement) => (event: PointerEvent) => {
    const box = layer.current?.getBoundingClientRect();
    if (!drag.current || drag.current.key !== sticker.key || !box) return;
    const dx = (event.clientX - drag.current.x) / box.width;
    const dy = (event.clientY - drag.current.y) / box.height;
    drag.current = { ...drag.current, x: event.clientX, y: event.clientY };
    update(sticker.key, { ...sticker, x: clamp01(sticker.x + dx), y: clamp01(sticker.y + dy) });
  };

  return (
    <div className="sticker-layer" ref={layer}>
      {props.stickers.map((sticker) => {
        const height = sticker.width * sticker.aspect * props.ratio;
        return (
          <button
            key={sticker.key}
            type="button"
            className="sticker-handle"
            aria-label={`Sticker ${sticker.title || 'untitled'}: arrows move, + and − resize, Delete removes`}
            style={{
              left: `${(sticker.x - sticker.width / 2) * 100}%`,
              top: `${(sticker.y - height / 2) * 100}%`,
              width: `${sticker.width * 100}%`,
              height: `${height * 100}%`,
            }}
            onKeyDown={onKeyDown(sticker)}
            onPointerDown={onPointerDown(sticker)}
            onPointerMove={onPointerMove(sticker)}
            onPointerUp={() => (drag.current = null)}
          />
        );
      })}
    </div>
  );
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
