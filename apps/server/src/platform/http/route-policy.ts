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
  | 'web-app'
  | 'ops';

export type CachePolicy = 'list' | 'revalidate' | 'no-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the surface the route is registered in (never by the route itself). */
    surface?: Surface;
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
}

export {};
