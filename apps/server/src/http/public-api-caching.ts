import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Lists that may be cached briefly: a new upload or pingback shows within this many seconds. */
const CACHEABLE =
  /^\/v[12]\/(gifs|stickers|videos)\/(search|trending)(\/tags)?$|^\/v[12]\/trending\/searches$|^\/v1\/gifs\/categories/;
const MAX_AGE_SECONDS = 30;

/**
 * ETag and a short Cache-Control on search and trending, so clients and CDNs revalidate cheaply
 * (304 without a body); random answers are never cached. Computed from the body that is sent.
 */
export function publicApiCaching(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string')
      return payload;
    const path = request.url.split('?')[0]!;
    if (/\/random(id)?$/.test(path)) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    if (!CACHEABLE.test(path)) return payload;
    // The response id (also inside each analytics payload) differs on every call; the ETag
    // covers the content, not that.
    const content = payload
      .replace(/"response_id":"[^"]*"/g, '')
      .replace(/e(=|%3D)[A-Za-z0-9_-]+/g, '');
    const etag = `W/"${createHash('sha1').update(content).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
    if (request.headers['if-none-match'] === etag) {
      reply.status(304);
      return '';
    }
    return payload;
  });
}
