import type { Page } from 'playwright-core';

/**
 * When the browser painted the page's first GIF, in ms from navigation: the first
 * largest-contentful-paint entry that is an image of /media/ (text entries alone are skipped),
 * NaN after 5 s without one.
 */
export const firstGifPaintedMs = (tab: Page): Promise<number> =>
  tab.evaluate(
    () =>
      new Promise<number>((resolve) => {
        setTimeout(() => resolve(NaN), 5000);
        new PerformanceObserver((list) => {
          const image = list
            .getEntries()
            .find((entry) => (entry as LargestContentfulPaint).url.includes('/media/'));
          if (image) resolve(Math.round(image.startTime));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

/** The median; a load without a figure (NaN) counts as the slowest, not as a sort breaker. */
export const median = (values: number[]): number =>
  [...values].map((v) => (Number.isNaN(v) ? Infinity : v)).sort((a, b) => a - b)[
    Math.floor(values.length / 2)
  ]!;
