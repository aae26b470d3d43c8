import { startTestJiffy, type TestJiffy } from '../../apps/server/src/testing/test-jiffy.ts';
import { freePort } from './server-process.ts';

/**
 * An in-process Jiffy listening on a free localhost port, with PUBLIC_URL set to that origin so
 * the URLs it hands out (media, pingbacks) point back at it — what clients over HTTP need.
 */
export async function startListeningJiffy(
  overrides: Parameters<typeof startTestJiffy>[0] = {},
): Promise<{ t: TestJiffy; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await startTestJiffy({
    ...overrides,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
  });
  await t.jiffy.listen();
  return { t, origin };
}
