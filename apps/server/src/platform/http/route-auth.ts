import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { AUTH_KINDS, credentialsOf, type Auth } from './route-policy.ts';

/** Who sent a request, as the app knows it (the accounts module): the kernel names no feature. */
export interface PrincipalResolver {
  /**
   * The user of the request's session cookie; null without a live one, and null for a request
   * that sends a personal token (one request, one principal: the cookie never acts).
   */
  session(request: FastifyRequest): Promise<UserRow | null>;
  /** The owner of the request's personal token; null when it sends none or a dead one. */
  token(request: FastifyRequest): Promise<UserRow | null>;
}

const refusals: Partial<Record<Auth, string>> = {
  session: 'Sign in first (this call takes the session, not a personal token).',
  token: 'Send a personal token (Authorization: Token <token>).',
  'session-or-token': 'Sign in, or send a personal token.',
};

/**
 * Route auth, added on the root before any surface. At start, every route must state its `auth`
 * (config, see route-policy.ts), or the app does not start. Per request, before the handler:
 * the principal is resolved as the route's auth says and set on `request.principal`, and a
 * route that requires one refuses a call without it (401 `not_signed_in`). Runs as a
 * `preHandler`, after each surface's own `onRequest` guards (CSRF, rate limits) and the body
 * parsers. A request no route took has no principal.
 */
export function routeAuth(app: FastifyInstance, resolver: PrincipalResolver): void {
  app.decorateRequest('principal', null);
  // Read when the app is ready, not when each route is added: a scope's own onRoute hook (the
  // static files' plugin) may state it after this root one has run.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', (done) => {
    const unstated = routes
      .filter((route) => !AUTH_KINDS.includes(route.config?.auth as Auth))
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    done(
      unstated.length
        ? new Error(
            `Every route states who may call it (config.auth: ${AUTH_KINDS.join(', ')}); ` +
              `these do not: ${unstated.join('; ')}`,
          )
        : undefined,
    );
  });
  // Callback-style: an anonymous route costs no promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth || auth === 'anonymous') {
      done();
      return;
    }
    resolve(request, auth).then(() => done(), done);
  });

  async function resolve(request: FastifyRequest, auth: Auth): Promise<void> {
    const takes = credentialsOf(auth);
    const principal =
      (takes.token ? await resolver.token(request) : null) ??
      (takes.session ? await resolver.session(request) : null);
    request.principal = principal;
    if (!principal && takes.required) throw new AppError('not_signed_in', refusals[auth]!);
  }
}

/**
 * The principal of a route whose auth requires one: the kernel refused the call without it, so
 * this only narrows the type (and refuses alike should a route's auth ever say otherwise).
 */
export function principalOf(request: FastifyRequest): UserRow {
  if (!request.principal) throw new AppError('not_signed_in', 'Sign in first.');
  return request.principal;
}
