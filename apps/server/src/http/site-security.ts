import { timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newSecret } from '../accounts/secret-token.ts';
import { AppError } from '../errors/app-error.ts';

export const SESSION_COOKIE = 'jiffy_session';
export const CSRF_COOKIE = 'jiffy_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// The site's own calls (cookie-authenticated). The public API (/v1, /v2) uses keys, not cookies.
const SITE_API = /^\/(api|ajax|login)\//;
const ANALYTICS_EVENTS = '/api/v1/analytics/events';

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

/**
 * Double-submit CSRF for the site API: every visitor gets a random token in a readable cookie,
 * and each state-changing site call must echo it in `x-csrf-token`. Another origin can make the
 * browser send the cookie but cannot read it to copy it into the header.
 */
export async function siteSecurity(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (/^\/(v1|v2|media)\//.test(request.url)) return;
    const token = request.cookies[CSRF_COOKIE];
    if (!token) reply.setCookie(CSRF_COOKIE, newSecret(), cookieOptions(request, false));
    if (!STATE_CHANGING.has(request.method) || !SITE_API.test(request.url)) return;
    // Anonymous, append-only statistics from pages and framed players (where the cookie is not
    // sent): a forged event changes nothing anyone owns.
    if (request.url.startsWith(ANALYTICS_EVENTS)) return;
    // A call authenticated by an Authorization header cannot be forged by another site (it
    // cannot set that header without passing CORS), so it needs no CSRF token.
    if (/^Token /.test(request.headers.authorization ?? '')) return;
    const echoed = request.headers[CSRF_HEADER];
    if (!token || typeof echoed !== 'string' || !sameSecret(token, echoed)) {
      throw new AppError(
        'csrf_failed',
        `Missing or wrong ${CSRF_HEADER} header; reload the page and try again.`,
      );
    }
  });
}
