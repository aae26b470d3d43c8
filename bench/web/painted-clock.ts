import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

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

/**
 * How long a new window is left alone before a measured load. Each load opens a new browser
 * context, and so a new window: headless Chromium then sets up that window's own UI (its
 * omnibox popup, some 40 chrome:// modules on the browser's processes, seen in a trace for
 * 40 ms after the navigation began). On two cores that work took CPU from the page being
 * measured, the more so the more the page needs; a person's browser does it once, when it opens.
 * After 300 ms a trace showed one such load left, after 600 ms none.
 */
const WINDOW_SETTLE_MS = 600;

/** A tab in a new context (nothing cached), its window's own set-up done, ready to load a page. */
export async function settledTab(browser: Browser, device: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(device);
  const tab = await context.newPage();
  await tab.waitForTimeout(WINDOW_SETTLE_MS);
  return tab;
}
