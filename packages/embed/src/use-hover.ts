import { useEffect, useRef, useState } from 'react';

/** Timings: the chrome shows 150 ms after the pointer arrives and hides 70 ms after it leaves. */
export const SHOW_AFTER_MS = 150;
export const HIDE_AFTER_MS = 70;
/** …or 1000 ms after it leaves when the related grid has been scrolled into view. */
export const HIDE_AFTER_GRID_MS = 1000;

/**
 * Hover with the player's delays. `gridActive` lengthens the hide delay; `onLeave` runs when
 * the chrome hides (the footer resets its scroll then).
 */
export function useHover(options: { gridActive: boolean; onLeave: () => void }) {
  const [hover, setHover] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => () => clearTimeout(timer.current), []);
  const schedule = (next: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setHover(next);
      if (!next) latest.current.onLeave();
    }, ms);
  };
  return {
    hover,
    onPointerEnter: () => schedule(true, SHOW_AFTER_MS),
    onPointerLeave: () =>
      schedule(false, latest.current.gridActive ? HIDE_AFTER_GRID_MS : HIDE_AFTER_MS),
  };
}
