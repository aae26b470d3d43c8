import type { UserRow } from '../db/schema.ts';

/**
 * What a route states about itself in its `config`, read by the hooks of the surface it is
 * registered in. The router has already chosen the route when a hook reads this, so a path
 * written in another encoding (`/%61pi/…`, `/v1/gifs/%73earch`) gets the same policy as the
 * path as written: no guard decides by matching URL text.
 */
export type Surface =
  | 'public-api'
  | 'tenor'
  | 'site-api'
  | 'gateway'
  | 'embed'
  | 'media'
  | 'widgets'
  | 'federation'
  | 'web-app'
  | 'ops';

export type CachePolicy = 'list' | 'revalidate' | 'no-store';

/**
 * Who may call a route, and who `request.principal` is in its handler. Resolved and enforced
 * before the handler runs (route-auth.ts); `/openapi.json` states the same as each operation's
 * security. One request is one principal: a request that sends a personal token is the token's,
 * and a session cookie riding along never acts, whether or not the route takes tokens.
 *
 * - `anonymous`: anyone; nobody is looked up, `request.principal` is null.
 * - `optional-session`: anyone; the principal is the session's user when signed in (a request
 *   with a personal token counts as signed out).
 * - `optional-session-or-token`: anyone; the principal is the personal token's owner, or the
 *   session's user, when there is one.
 * - `session`: a signed-in session only; 401 `not_signed_in` otherwise, also for a token.
 * - `token`: a personal token only (`Authorization: Token …`); 401 `not_signed_in` otherwise.
 * - `session-or-token`: either; 401 `not_signed_in` for neither.
 */
export type Auth =
  | 'anonymous'
  | 'optional-session'
  | 'optional-session-or-token'
  | 'session'
  | 'token'
  | 'session-or-token';

export const AUTH_KINDS: readonly Auth[] = [
  'anonymous',
  'optional-session',
  'optional-session-or-token',
  'session',
  'token',
  'session-or-token',
];

/** The credentials an auth kind takes, and whether the route refuses a call with neither. */
export function credentialsOf(auth: Auth): {
  session: boolean;
  token: boolean;
  required: boolean;
} {
  return {
    session: auth !== 'anonymous' && auth !== 'token',
    token: auth === 'token' || auth.endsWith('-or-token'),
    required: auth === 'session' || auth === 'token' || auth === 'session-or-token',
  };
}

/** Route options of a route anyone may call, that looks nobody up (see `Auth`). */
export const ANONYMOUS = { config: { auth: 'anonymous' } } as const;

/**
 * A public API key the route's own input checks (`api_key`, Tenor's `key`), in the order its
 * input needs (bad input 400 first, then the key 401), so the kernel does not enforce it; the
 * route states it for `/openapi.json`. `required`: every call sends one. `or-principal`: a call
 * with no principal (see `auth`) must send one.
 */
export type ApiKeyUse = 'required' | 'or-principal';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the surface the route is registered in (never by the route itself). */
    surface?: Surface;
    /** Who may call the route (required of every route: see `Auth`). */
    auth?: Auth;
    /** A public API key the route checks itself (see `ApiKeyUse`). */
    apiKey?: ApiKeyUse;
    /**
     * Site API only: state-changing calls must echo the CSRF cookie unless this is false
     * (anonymous, append-only statistics that a framed player sends without cookies).
     */
    csrf?: boolean;
    /** Other sites may put the answer in a frame (the player, its assets, media). */
    frameable?: boolean;
    /** Public API only: false exempts the route from the per-key and per-visitor limits. */
    rateLimit?: boolean;
    /**
     * Public API only: `list` answers get an ETag and a short max-age; `revalidate` an ETag and
     * `no-cache` (lists moderators change at any moment); `no-store` never cached.
     */
    cache?: CachePolicy;
  }
  interface FastifyRequest {
    /** The caller the route's `auth` resolved: a user row, or null (see `Auth`). */
    principal: UserRow | null;
  }
}
