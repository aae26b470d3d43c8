import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../platform/db/schema.ts';
import type { PrincipalResolver } from '../../platform/http/route-auth.ts';
import { SESSION_COOKIE } from './site-security.ts';
import type { AccountService } from './account.service.ts';
import type { PersonalTokenService } from './personal-token.service.ts';

/** `Authorization: Token <secret>` (what story, trending-story and scheduler calls send). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Token ([A-Za-z0-9]{20,100})$/.exec(header) : null;
  return match?.[1] ?? null;
}

// One look-up per request: the site API's CSRF guard and the route's auth both ask.
const tokenUsers = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/** The owner of the request's personal token, if it sends a live one. */
export function tokenUser(
  request: FastifyRequest,
  tokens: PersonalTokenService,
): Promise<UserRow | null> {
  let user = tokenUsers.get(request);
  if (!user) {
    const token = bearerToken(request);
    user = token ? tokens.ownerOf(token) : Promise.resolve(null);
    tokenUsers.set(request, user);
  }
  return user;
}

/**
 * The session cookie of a cookie request. A request is one principal: one that sends a personal
 * token is the token's request, never also the cookie's (a valid token skips the CSRF check, so
 * a cookie riding along must not act), whether or not the route accepts tokens.
 */
export function sessionCookie(request: FastifyRequest): string | null {
  if (bearerToken(request)) return null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

/**
 * Who sent a request, for the kernel's route auth (platform/http/route-auth.ts): the session
 * cookie's user (never on a request that sends a personal token), and the token's owner.
 */
export function principalResolver(deps: {
  accounts: AccountService;
  tokens: PersonalTokenService;
}): PrincipalResolver {
  return {
    async session(request) {
      const session = sessionCookie(request);
      return session ? deps.accounts.sessionUser(session) : null;
    },
    token: (request) => tokenUser(request, deps.tokens),
  };
}
