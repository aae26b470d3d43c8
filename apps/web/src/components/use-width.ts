import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** An element's content width, kept current as the window resizes (for the masonry grids). */
export function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured before the first paint, so a grid's first GIFs are laid out in the same frame
    // (the server-written ones are replaced without an empty frame between).
    setWidth(Math.floor(element.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.floor(entry?.contentRect.width ?? 0)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
