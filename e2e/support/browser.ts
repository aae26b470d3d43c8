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

/**
 * Real headless Chromium, launched the way this machine can run it; `extraArgs` set a policy a
 * test depends on (autoplay, say).
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: EXECUTABLE,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      ...extraArgs,
    ],
  });
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

/** Saves a full-page PNG under e2e/artifacts/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
