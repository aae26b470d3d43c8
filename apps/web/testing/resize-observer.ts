import { vi } from 'vitest';

/**
 * jsdom lays nothing out, so a component that measures its width (the site's grids) never
 * learns one. This stands in for the browser's ResizeObserver: with a `width`, every observed
 * element reports that width at once; without, nothing is ever reported (the grid stays empty).
 * Undone by `vi.unstubAllGlobals()`.
 */
export function stubResizeObserver(width?: number): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      readonly #callback: ResizeObserverCallback;
      constructor(callback: ResizeObserverCallback) {
        this.#callback = callback;
      }
      observe() {
        if (width === undefined) return;
        this.#callback([{ contentRect: { width } } as ResizeObserverEntry], this);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}
