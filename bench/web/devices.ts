import type { BrowserContextOptions } from 'playwright-core';

/** The phone bench/web loads pages on: an iPhone's viewport, pixels, touch and user agent. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
