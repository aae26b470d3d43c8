import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiContract } from '../../../testing/openapi-contract.ts';
import { personalTokens } from '../../../testing/personal-tokens.ts';
import { routesOf } from '../../../testing/route-list.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { SiteClient } from '../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { errorHandler } from './error-handler.ts';
import { routeAuth } from './route-auth.ts';

type Json = Record<string, unknown>;
type Requirement = Record<string, string[]>;

const codeOf = (response: LightMyRequestResponse): string | undefined => {
  try {
    const body = response.json<{
      error?: { code?: string | number; details?: { reason?: string }[] };
      meta?: { error_code?: string };
    }>();
    const tenorReason = body.error?.details?.[0]?.reason;
    return tenorReason ?? (body.error?.code as string | undefined) ?? body.meta?.error_code;
  } catch {
    return undefined;
  }
};

describe('route auth: every route states who may call it', () => {
  const nobody = { session: async () => null, token: async () => null };

  it('refuses to start with a route that states no auth, or one it does not know', async () => {
    const app = Fastify();
    routeAuth(app, nobody);
    app.get('/stated', { config: { auth: 'anonymous' } }, async () => 'ok');
    app.get('/unstated', async () => 'ok');
    app.post('/unknown', { config: { auth: 'admins' as never } }, async () => 'ok');
    await expect(app.ready()).rejects.toThrow(/these do not: GET \/unstated.*; POST \/unknown$/);
  });

  it('takes the auth a scope states for the routes a plugin adds (as static files do)', async () => {
    const app = Fastify();
    routeAuth(app, nobody);
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'anonymous' };
      });
      scope.get('/file', async () => 'ok');
    });
    await app.ready();
    expect((await app.inject('/file')).statusCode).toBe(200);
    await app.close();
  });

  it('refuses a route that requires a principal before its handler runs', async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    const someone = { id: 'u1' } as never;
    routeAuth(app, { session: async () => null, token: async () => someone });
    let ran = 0;
    const principal = (request: { principal: unknown }) => {
      ran++;
      return { principal: request.principal };
    };
    app.get('/session', { config: { auth: 'session' } }, principal);
    app.get('/token', { config: { auth: 'token' } }, principal);
    app.get('/anyone', { config: { auth: 'optional-session' } }, principal);
    const session = await app.inject('/session');
    expect([session.statusCode, codeOf(session)]).toEqual([401, 'not_signed_in']);
    expect((await app.inject('/token')).json()).toEqual({ principal: { id: 'u1' } });
    expect((await app.inject('/anyone')).json()).toEqual({ principal: null });
    expect(ran).toBe(2);
    await app.close();
  });
});

// Every operation of /openapi.json says who may call it, and the server agrees: an operation
// that requires a caller refuses an anonymous call with 401 `not_signed_in` (one that does not
// never does), one that takes no personal token refuses a token with 401, and one that takes a
// token (or the session) lets it past the door.
describe('/openapi.json security, against what the server does', () => {
  let t: TestJiffy;
  let document: Json;
  let contract: OpenApiContract;
  let visitor: SiteClient;
  let member: SiteClient;
  let token: string;
  beforeAll(async () => {
    t = await startTestJiffy({
      API_RATE_LIMIT_PER_MINUTE: '100000',
      SITE_RATE_LIMIT_PER_MINUTE: '100000',
    });
    document = (await t.jiffy.app.inject('/openapi.json')).json();
    contract = new OpenApiContract(document);
    const users = await signedInUsers(t, [['member', 'user']]);
    member = users.member!;
    token = (await personalTokens(users)).member!;
    visitor = new SiteClient(t.jiffy.app);
    await visitor.get('/login/check');
  });
  afterAll(() => t.stop());

  it('starts, so every registered route states its auth', async () => {
    await t.jiffy.app.ready();
    const routes = routesOf(t.jiffy.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(100);
  });

  it('states security on every operation, in the schemes it defines', () => {
    const schemes = Object.keys((document.components as { securitySchemes: Json }).securitySchemes);
    expect(contract.operations.length).toBeGreaterThan(150);
    const missing = contract.operations.filter((o) => {
      const security = o.operation.security as Requirement[] | undefined;
      return (
        !Array.isArray(security) ||
        security.length === 0 ||
        security.some((r) => Object.keys(r).some((name) => !schemes.includes(name)))
      );
    });
    expect(missing.map((o) => o.key)).toEqual([]);
  });

  it('answers each operation as its security says', async () => {
    const failures: string[] = [];
    const checked = { required: 0, sessionOnly: 0, tokens: 0, open: 0 };
    for (const { key, method, template, operation } of contract.operations) {
      const security = operation.security as Requirement[];
      const callers = (r: Requirement) => 'session' in r || 'token' in r;
      const required = security.every(callers);
      const takesToken = security.some((r) => 'token' in r);
      const takesSession = security.some((r) => 'session' in r);
      const keys = new Set(security.flatMap((r) => Object.keys(r)));
      const path = template.replace(/\{[^}]+\}/g, 'gif1');
      // The path must reach this operation (not a sibling with a fixed segment there).
      if (contract.operationFor(method, path)?.key !== key) continue;
      const query = [
        ...(keys.has('apiKey') ? [`api_key=${t.apiKey}`] : []),
        ...(keys.has('tenorKey') ? [`key=${t.apiKey}`] : []),
      ].join('&');
      const url = query ? `${path}?${query}` : path;
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const call = { method: method as 'GET', url, ...(body ? { body } : {}) };
      const expectRefused = (who: string, response: LightMyRequestResponse) => {
        if (response.statusCode !== 401 || codeOf(response) !== 'not_signed_in')
          failures.push(`${key} ${who}: ${response.statusCode} ${codeOf(response)}, not 401`);
      };
      const expectLetIn = (who: string, response: LightMyRequestResponse) => {
        if (codeOf(response) === 'not_signed_in') failures.push(`${key} ${who}: 401 not_signed_in`);
      };

      const anonymous = await visitor.request(call);
      if (required) {
        expectRefused('anonymous', anonymous);
        checked.required++;
      } else {
        expectLetIn('anonymous', anonymous);
        checked.open++;
      }
      const byToken = await t.jiffy.app.inject({
        method: call.method,
        url,
        headers: { authorization: `Token ${token}` },
        ...(body ? { payload: body } : {}),
      });
      if (takesToken) {
        expectLetIn('with a token', byToken);
        checked.tokens++;
      } else if (required) {
        expectRefused('with a token', byToken);
        checked.sessionOnly++;
      }
      if (required && takesSession) expectLetIn('signed in', await member.request(call));
    }
    expect(failures).toEqual([]);
    // The sample covers each kind (these counts grow as routes are added).
    expect(checked.required).toBeGreaterThan(40);
    expect(checked.sessionOnly).toBeGreaterThan(10);
    expect(checked.tokens).toBeGreaterThan(30);
    expect(checked.open).toBeGreaterThan(60);
  });
});
