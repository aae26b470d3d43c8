import type { Env } from '../../apps/server/src/app/config/env.ts';
import { startTestJiffy, type TestJiffy } from '../../apps/server/testing/test-jiffy.ts';
import { freePort } from './server-process.ts';

/**
 * An in-process Jiffy listening on a free localhost port, with PUBLIC_URL set to that origin so
 * the URLs it hands out (media, pingbacks) point back at it — what clients over HTTP need.
 * `overrides` is more configuration (a shorter job period, say).
 */
export async function startListeningJiffy(
  overrides: Partial<Record<keyof Env, string>> = {},
): Promise<{ t: TestJiffy; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await startTestJiffy({
    // Every test's browser is another visitor of the site, and all of them come from 127.0.0.1:
    // one visitor's budget would be all of theirs.
    SITE_RATE_LIMIT_PER_MINUTE: '6000',
    ...overrides,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
  });
  await t.jiffy.listen();
  return { t, origin };
}
