/**
 * Where a pingback batch came from, read from the request (the events themselves carry only
 * the GIF and the response). In order:
 * - an `api_key` (or GIPHY's `apikey`) on the pingback URL: an app by its key, `api:<key>`
 *   (the roll-up keeps only keys that exist; others count as `other`);
 * - GIPHY's SDK header `X-GIPHY-SDK-Name`: `sdk:<name>`;
 * - a page of this site (its Origin or Referer is the public URL): `site`;
 * - anything else is a page elsewhere using the widget kit: `widget`.
 * Embed player events arrive as site events and are `embed` in the roll-up.
 */
export function pingbackSource(
  request: { query: unknown; headers: Record<string, string | string[] | undefined> },
  siteOrigin: string,
): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const key = query.api_key ?? query.apikey;
  if (typeof key === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(key)) return `api:${key}`;
  const sdk = request.headers['x-giphy-sdk-name'];
  if (typeof sdk === 'string' && /^[A-Za-z0-9 ._-]{1,40}$/.test(sdk)) return `sdk:${sdk.trim()}`;
  const from = request.headers.origin ?? request.headers.referer;
  if (typeof from === 'string' && URL.canParse(from) && new URL(from).origin === siteOrigin) {
    return 'site';
  }
  return 'widget';
}
