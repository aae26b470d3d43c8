import { chromium } from 'playwright-core';
import { CHROMIUM_ENDPOINT_VARIABLE, chromiumOptions } from './browser.ts';

/**
 * Starts Chromium once for the browser tier: its test files connect to it rather than each
 * launching its own, and open fresh pages per test. Workers start after global setup, so they
 * inherit the variable naming it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(chromiumOptions());
  process.env[CHROMIUM_ENDPOINT_VARIABLE] = server.wsEndpoint();
  return () => server.close();
}
