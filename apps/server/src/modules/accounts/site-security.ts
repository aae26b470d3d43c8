import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, tokenUser } from './current-user.ts';
import type { PersonalTokenService } from './personal-token.service.ts';
import { newSecret } from './secret-token.ts';
import { AppError } from '../../platform/errors/app-error.ts';

export const SESSION_COOKIE = 'jiffy_session';
export const CSRF_COOKIE = 'jiffy_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Cookie attributes: readable by scripts only for the CSRF token; Secure behind TLS. */
export function cookieOptions(request: FastifyRequest, httpOnly: boolean, expires?: Date) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(expires ? { expires } : {}),
  };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Gives a visitor without one the readable CSRF cookie the site's scripts echo. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.cookies[CSRF_COOKIE]) {
    reply.setCookie(CSRF_COOKIE, newSecret(), cookieOptions(request, false));
  }
}

/** Site pages hand out the CSRF cookie, so the site's first call can echo it. */
export function siteCsrfCookie(scope: FastifyInstance): void {
  scope.addHook('onRequest', (request, reply, done) => {
    ensureCsrfCookie(request, reply);
    done();
  });
}

/**
 * Double-submit CSRF for the site API, added inside its scope: every visitor gets a random token
 * in a readable cookie, and each state-changing call must echo it in `x-csrf-token`. Another
 * origin can make the browser send the cookie but cannot read it to copy it into the header.
 * A route opts out only by its config (`csrf: false`).
 */
export function siteApiCsrf(scope: FastifyInstance, deps: { tokens: PersonalTokenService }): void {
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[CSRF_COOKIE];
    ensureCsrfCookie(request, reply);
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.routeOptions.config.csrf === false) return;
    // A call authenticated by a personal token cannot be forged by another site (it cannot set
    // the Authorization header without passing CORS), so it needs no CSRF token; a header that
    // authenticates nothing earns nothing.
    if (bearerToken(request) && (await tokenUser(request, deps.tokens))) return;
    const echoed = request.headers[CSRF_HEADER];
    if (!token || typeof echoed !== 'string' || !sameSecret(token, echoed)) {
      throw new AppError(
        'csrf_failed',
        `Missing or wrong ${CSRF_HEADER} header; reload the page and try again.`,
      );
    }
  });
}
