import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Lists that may be cached briefly: a new upload or pingback shows within this many seconds. */
const CACHEABLE =
  /^\/v[12]\/(gifs|stickers|videos)\/(search|trending)(\/tags)?$|^\/v[12]\/trending\/searches$|^\/v1\/gifs\/categories/;
export const MAX_AGE_SECONDS = 30;

/**
 * ETag and a short Cache-Control on search and trending, so clients and CDNs revalidate cheaply
 * (304 without a body); random answers are never cached. Computed from the body that is sent.
 */
export function publicApiCaching(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, cachingHeaders(request, reply, payload));
  });
}

function cachingHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  const path = request.url.split('?')[0]!;
  if (/\/random(id)?$/.test(path)) {
    reply.header('cache-control', 'no-store');
    return payload;
  }
  if (!CACHEABLE.test(path)) return payload;
  // A cached answer (bytes) brings its own ETag. Otherwise: the response id (also inside each
  // analytics payload) differs on every call; the ETag covers the content, not that.
  const preset = reply.getHeader('etag') as string | undefined;
  if (preset === undefined && typeof payload !== 'string') return payload;
  const etag =
    preset ??
    `W/"${createHash('sha1')
      .update(withoutResponseIds(payload as string))
      .digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
  if (request.headers['if-none-match'] === etag) {
    reply.status(304);
    return '';
  }
  return payload;
}

const withoutResponseIds = (payload: string): string =>
  payload.replace(/"response_id":"[^"]*"/g, '').replace(/e(=|%3D)[A-Za-z0-9_-]+/g, '');
