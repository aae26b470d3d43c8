import type { Browser, Page } from 'playwright-core';

import { watchPageErrors } from './browser.ts';

/**
 * A page of the Jiffy at `origin` with nothing on it but the widget kit's standalone bundle and
 * an empty `#under-test` container (the demo page would run its own widgets and pingbacks).
 * `initScript` runs before the page's scripts, without the user gesture `evaluate` implies.
 */
export async function openKitPage<Arg>(
  browser: Browser,
  origin: string,
  options: {
    viewport?: { width: number; height: number };
    initScript?: { script: (arg: Arg) => void; arg: Arg };
    /** Resolve once the page logs this (an init script saying it is ready), not at load. */
    readyMessage?: string;
  } = {},
): Promise<{ page: Page; errors: string[]; warnings: string[] }> {
  const page = await browser.newPage({ viewport: options.viewport ?? { width: 800, height: 900 } });
  const errors = watchPageErrors(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route(`${origin}/kit-under-test`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html><body><div id="under-test"></div><script src="/widgets-assets/jiffy-widgets.js"></script></body></html>',
    }),
  );
  if (options.initScript) {
    const { script, arg } = options.initScript;
    // Playwright's typing of the argument does not follow a generic through; it crosses as JSON.
    await page.addInitScript(script as (arg: unknown) => void, arg);
  }
  // goto waits for the load event, after the bundle's <script> ran. (No waitForFunction here:
  // Playwright evaluates as a user gesture, which would let the page autoplay with sound.)
  const ready = options.readyMessage
    ? page.waitForEvent('console', (m) => m.text() === options.readyMessage)
    : undefined;
  await page.goto(`${origin}/kit-under-test`);
  await ready;
  return { page, errors, warnings };
}
