import type { BrowserContext } from 'playwright-core';
import { TEST_PASSWORD } from '../../apps/server/testing/signed-in-users.ts';
import { SiteClient } from '../../apps/server/testing/site-client.ts';
import type { TestJiffy } from '../../apps/server/testing/test-jiffy.ts';

/**
 * Signs `login` in through the site's API and hands `context` the session and CSRF cookies the
 * login form would have left, for tests about what a signed-in person sees rather than about
 * signing in (the form has tests of its own): it spares each sign-in a load of /login.
 */
export async function signInContext(
  context: BrowserContext,
  t: TestJiffy,
  origin: string,
  login: string,
  password = TEST_PASSWORD,
): Promise<void> {
  const client = new SiteClient(t.jiffy.app);
  await client.get('/login/check');
  const answer = await client.post('/api/v3/login', { login, password });
  if (answer.statusCode !== 200)
    throw new Error(`signing ${login} in answered ${answer.statusCode}: ${answer.body}`);
  await context.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: origin })),
  );
}
