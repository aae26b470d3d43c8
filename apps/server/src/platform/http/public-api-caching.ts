import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long a `cache: 'list'` answer may be kept: a new upload or pingback shows within this. */
export const MAX_AGE_SECONDS = 30;

/**
 * ETag and a short Cache-Control on the routes whose config says `cache: 'list'` (search,
 * trending, categories), so clients and CDNs revalidate cheaply (304 without a body);
 * `revalidate` ones (trending searches and suggestions, which a moderator's hide must clear
 * from every cache at once) get the ETag with `no-cache`, so every use asks again; `no-store`
 * ones (random answers) are never cached. Computed from the body that is sent.
 */
export function publicApiCaching(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, cachingHeaders(request, reply, payload));
  });
}

function cachingHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  const policy = request.routeOptions.config.cache;
  if (policy === 'no-store') {
    reply.header('cache-control', 'no-store');
    return payload;
  }
  if (policy !== 'list' && policy !== 'revalidate') return payload;
  // A cached answer (bytes) brings its own ETag. Otherwise: the response id (also inside each
  // analytics payload) differs on every call; the ETag covers the content, not that.
  const preset = reply.getHeader('etag') as string | undefined;
  if (preset === undefined && typeof payload !== 'string') return payload;
  const etag =
    preset ??
    `W/"${createHash('sha1')
      .update(withoutResponseIds(payload as string))
      .digest('base64url')}"`;
  reply
    .header('etag', etag)
    .header(
      'cache-control',
      policy === 'list' ? `public, max-age=${MAX_AGE_SECONDS}` : 'public, no-cache',
    );
  if (request.headers['if-none-match'] === etag) {
    reply.status(304);
    return '';
  }
  return payload;
}

const withoutResponseIds = (payload: string): string =>
  payload.replace(/"response_id":"[^"]*"/g, '').replace(/e(=|%3D)[A-Za-z0-9_-]+/g, '');

/** Route options for a list answer that may be cached `MAX_AGE_SECONDS` (search, trending...). */
export const CACHED_LIST = { config: { cache: 'list' } } as const;
/**
 * Route options for a list whose entries a moderator may take out at any moment (trending
 * searches, tag suggestions): kept by nobody without asking again (a 304 when unchanged).
 */
export const REVALIDATED_LIST = { config: { cache: 'revalidate' } } as const;
/** Route options for an answer that must never be cached (random picks). */
export const NEVER_CACHED = { config: { cache: 'no-store' } } as const;
