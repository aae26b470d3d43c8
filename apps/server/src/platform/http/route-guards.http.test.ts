import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import { pathVariants, routesOf, type Method } from '../../../testing/route-list.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const STATE_CHANGING = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);
const PER_MINUTE = 3;
const GUARD_CODES = new Set(['csrf_failed', 'rate_limited']);

const codeOf = (response: LightMyRequestResponse): string | undefined => {
  try {
    const body = response.json<{
      error?: { code?: string | number; details?: { reason?: string }[] };
      meta?: { error_code?: string };
    }>();
    // Tenor's dialect: `code` is the HTTP status, Jiffy's code is the detail's reason.
    const tenorReason = body.error?.details?.[0]?.reason;
    return tenorReason ?? (body.error?.code as string | undefined) ?? body.meta?.error_code;
  } catch {
    return undefined;
  }
};

// Walks every route Fastify has registered and sends its path as written and written other ways
// (%-encoded letters, doubled slashes, a trailing slash, upper case). The router decodes before
// it chooses a route, so a guard that matched URL text let `/%61pi/v3/tokens` past the CSRF
// check and `/%761/gifs/search` past the rate limit. Each way of writing a path must get the
// answer the path as written gets (the guard: CSRF 403, rate limit 429, sign-in 401), a 404, or
// a guard's refusal (the site API's CSRF check also guards its misses).
describe('every route’s guard, however its path is written', () => {
  let t: TestJiffy;
  let walker: SiteClient;
  let cookieHeader: string;
  beforeAll(async () => {
    t = await startTestJiffy({
      API_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      SITE_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
    });
    await insertGifRow(t.jiffy.services.gifRepository, { id: 'gif1', title: 'Cat', tags: ['cat'] });
    walker = (await signedInUsers(t, [['walker', 'user']])).walker!;
    cookieHeader = [...walker.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    // The instance key's visitors spend their minute (this address signed out, and the walker
    // signed in), so every public API call with it meets the limit.
    for (let i = 0; i < PER_MINUTE; i++) {
      await t.jiffy.app.inject(`/v1/randomid?api_key=${t.apiKey}`);
      await t.jiffy.app.inject({
        url: `/v1/randomid?api_key=${t.apiKey}`,
        headers: { cookie: cookieHeader },
      });
    }
  });
  afterAll(() => t.stop());

  /**
   * The request that meets each surface's guard: the public API with the spent key (as `api_key`
   * for GIPHY's dialect and `key` for Tenor's, whose paths share `/v2`); the site API
   * signed in with its cookies but no CSRF header when it changes state (or with a personal
   * token that authenticates no one), and signed out when it reads.
   */
  const probe = (method: Method, url: string, authorization?: string) =>
    t.jiffy.app.inject({
      method,
      url: `${url}?api_key=${t.apiKey}&key=${t.apiKey}`,
      headers: {
        ...(STATE_CHANGING.has(method) ? { cookie: cookieHeader } : {}),
        ...(authorization ? { authorization } : {}),
        accept: 'application/json',
      },
      ...(STATE_CHANGING.has(method) ? { payload: {} } : {}),
    });

  it('answers every way of writing a path as the path as written, or 404', async () => {
    const routes = routesOf(t.jiffy.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    const guarded = { csrf: 0, rateLimit: 0, signIn: 0 };
    for (const { path, methods } of routes) {
      const concrete = path.replace(/:\w+/g, 'gif1').replace(/\*/g, 'x');
      const isPublic = /^\/v[12]\//.test(path);
      const isSite = /^\/(api|ajax|login|x)\//.test(path);
      for (const method of methods) {
        const written = await probe(method, concrete);
        const expected = { status: written.statusCode, code: codeOf(written) };
        // The guard answers the path as written (pre-flights and anonymous statistics aside).
        if (isPublic && method !== 'OPTIONS') {
          if (expected.status !== 429) failures.push(`${method} ${concrete} → ${expected.status}`);
          guarded.rateLimit++;
        }
        if (isSite && STATE_CHANGING.has(method) && path !== '/api/v1/analytics/events') {
          if (expected.code !== 'csrf_failed')
            failures.push(`${method} ${concrete} → ${expected.status} ${expected.code}`);
          guarded.csrf++;
        }
        if (expected.status === 401) guarded.signIn++;
        for (const variant of pathVariants(concrete)) {
          const response = await probe(method, variant);
          const same =
            response.statusCode === expected.status && codeOf(response) === expected.code;
          // A miss (404), or a surface's guard refusing even a miss, never lets a call through.
          const refused = response.statusCode === 404 || GUARD_CODES.has(codeOf(response) ?? '');
          if (!same && !refused)
            failures.push(
              `${method} ${variant} → ${response.statusCode} ${codeOf(response)}; as written ${expected.status} ${expected.code}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk met each guard on many routes (these counts grow as routes are added).
    expect(guarded.rateLimit).toBeGreaterThan(25);
    expect(guarded.csrf).toBeGreaterThan(15);
    expect(guarded.signIn).toBeGreaterThan(5);
  });

  // The reproductions of the `/%61pi` attack, as a browser or curl would send them.
  it('refuses a token made through /%61pi with the session cookie but no CSRF echo', async () => {
    const forged = await walker.request({
      method: 'POST',
      url: '/%61pi/v3/tokens',
      body: { name: 'x' },
      csrf: 'omit',
    });
    expect([forged.statusCode, codeOf(forged)]).toEqual([403, 'csrf_failed']);
    const listed = await walker.get('/api/v3/tokens');
    expect(
      listed.json<{ data: { name: string }[] }>().data.map((token) => token.name),
    ).not.toContain('x');
  });

  it('refuses a cross-site sign-in through /%61pi with no cookie at all, and sets no session', async () => {
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: '/%61pi/v3/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'login=walker&password=a%20long%20enough%20password',
    });
    expect([response.statusCode, codeOf(response)]).toEqual([403, 'csrf_failed']);
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain('jiffy_session');
  });

  it('keeps a key at its limit on /%761/gifs/search, with the rate-limit headers', async () => {
    const spent = await t.jiffy.app.inject(`/v1/gifs/search?q=cat&api_key=${t.apiKey}`);
    expect(spent.statusCode).toBe(429);
    const encoded = await t.jiffy.app.inject(`/%761/gifs/search?q=cat&api_key=${t.apiKey}`);
    expect([encoded.statusCode, codeOf(encoded)]).toEqual([429, 'rate_limited']);
    expect(encoded.headers['x-ratelimit-limit']).toBe(String(PER_MINUTE));
    expect(encoded.headers['retry-after']).toBeDefined();
  });

  it('skips the CSRF check for a personal token only when the token authenticates', async () => {
    const made = await walker.post('/api/v3/tokens', { name: 'cli' });
    expect(made.statusCode).toBe(201);
    const token = made.json<{ data: { token: string } }>().data.token;
    const routes = routesOf(t.jiffy.app.printRoutes({ commonPrefix: false }));
    const failures: string[] = [];
    for (const { path, methods } of routes) {
      if (!/^\/(api|ajax|login|x)\//.test(path) || path === '/api/v1/analytics/events') continue;
      const concrete = path.replace(/:\w+/g, 'gif1').replace(/\*/g, 'x');
      for (const method of methods.filter((m) => STATE_CHANGING.has(m))) {
        const bogus = await probe(method, concrete, `Token ${'A1'.repeat(20)}`);
        if (codeOf(bogus) !== 'csrf_failed')
          failures.push(`${method} ${concrete} → ${bogus.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // A live token passes the CSRF guard (a script or CLI, not a browser); this call then
    // wants a session, which it does not have.
    const live = await t.jiffy.app.inject({
      method: 'POST',
      url: '/api/v3/tokens',
      headers: { authorization: `Token ${token}` },
      payload: { name: 'from the token' },
    });
    expect([live.statusCode, codeOf(live)]).toEqual([401, 'not_signed_in']);
  });

  // A valid token skips the CSRF check; a cookie sent along with it must then act as no one.
  it('treats a request as one principal: a token request never also acts as the cookie’s user', async () => {
    const { tokenholder } = await signedInUsers(t, [['tokenholder', 'user']]);
    const made = await tokenholder!.post('/api/v3/tokens', { name: 'script' });
    const token = made.json<{ data: { token: string } }>().data.token;
    const asBoth = (method: Method, url: string, payload?: object) =>
      t.jiffy.app.inject({
        method,
        url,
        headers: { authorization: `Token ${token}`, cookie: cookieHeader },
        ...(payload ? { payload } : {}),
      });
    // A cookie-only route: the walker's cookie does not make a token for the walker.
    const minted = await asBoth('POST', '/api/v3/tokens', { name: 'riding along' });
    expect([minted.statusCode, codeOf(minted)]).toEqual([401, 'not_signed_in']);
    const walkers = await walker.get('/api/v3/tokens');
    expect(walkers.json<{ data: { name: string }[] }>().data.map((x) => x.name)).not.toContain(
      'riding along',
    );
    // Who-am-I and sign-out see no session on a token request; the walker stays signed in.
    expect((await asBoth('GET', '/login/check')).json()).toMatchObject({
      data: { logged_in: false },
    });
    expect((await asBoth('POST', '/api/v3/logout')).statusCode).toBe(200);
    expect((await walker.get('/login/check')).json()).toMatchObject({
      data: { logged_in: true, user: { username: 'walker' } },
    });
  });
});
