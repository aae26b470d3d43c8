import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium; CHROMIUM_PATH points elsewhere on other machines. */
const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Screenshots and other evidence a person may look at after a run (kept by CI, ignored by git). */
export const ARTIFACTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../artifacts',
);

/** Names the Chromium the browser tier's global setup started, which test files connect to. */
export const CHROMIUM_ENDPOINT_VARIABLE = 'JIFFY_TEST_CHROMIUM_ENDPOINT';

/** How this machine can run Chromium, with `extraArgs` for a policy a test depends on. */
export const chromiumOptions = (extraArgs: string[] = []) => ({
  executablePath: EXECUTABLE,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    ...extraArgs,
  ],
});

/**
 * Real headless Chromium. In the test run, the one Chromium the run started (each page in a
 * context of its own, so nothing carries over between tests); `extraArgs` (autoplay, a fake
 * camera) launch one of the test's own, as do benchmarks.
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const endpoint = process.env[CHROMIUM_ENDPOINT_VARIABLE];
  if (endpoint && extraArgs.length === 0) return chromium.connect(endpoint);
  return chromium.launch(chromiumOptions(extraArgs));
}

/**
 * Collects console errors and uncaught page errors, so a test can assert a page ran cleanly.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Saves a full-page PNG under e2e/artifacts/<name>.png and returns its path. One pixel per CSS
 * pixel, whatever the device's pixel ratio: a phone's page of 25 GIFs at 3x was 1170x8358 pixels
 * and took 3 s to capture and encode, nine times the pixels of what a person looks at.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, scale: 'css' });
  return file;
}
