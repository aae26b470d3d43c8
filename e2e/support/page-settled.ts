import type { Page } from 'playwright-core';

/** Requests a page waits on before it shows what it is about: its code and its API calls. */
const AWAITED = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);
/** How long a page must stay quiet to count as settled (its next request starts at once). */
const QUIET_MS = 150;
const activity = new WeakMap<Page, { inFlight: number; lastChange: number }>();

/**
 * Counts a page's awaited requests in flight. Playwright's 'networkidle' waits 500 ms of no
 * request of any kind (GIF media included), which makes 60 pages take two minutes.
 */
export function trackRequests(page: Page): void {
  const state = { inFlight: 0, lastChange: Date.now() };
  activity.set(page, state);
  const change = (delta: number) => (request: { resourceType(): string }) => {
    if (!AWAITED.has(request.resourceType())) return;
    state.inFlight += delta;
    state.lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/**
 * Waits until a site page shows its heading (not a loading line), then until no code or API
 * request has been in flight for QUIET_MS, and a frame is drawn. The embed player and the widget
 * kit's demo are not the site (no #main): for them the quiet network is enough.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('main') ||
      (document.querySelector('#main h1') && !document.querySelector('#main .loading')),
    undefined,
    { timeout: 10_000 },
  );
  const state = activity.get(page)!;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && (state.inFlight > 0 || Date.now() - state.lastChange < QUIET_MS))
    await new Promise((resolve) => setTimeout(resolve, 25));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}
