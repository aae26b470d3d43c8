/**
 * Where a pingback batch came from, read from the request (the events themselves carry only
 * the GIF and the response). In order:
 * - an `api_key` (or GIPHY's `apikey`) on the pingback URL: an app by its key, `api:<key>`
 *   (the roll-up keeps only keys that exist; others count as `other`);
 * - a page of this site (its Origin or Referer is the public URL): `site`;
 * - GIPHY's SDK header `X-GIPHY-SDK-Name` naming a native SDK: `sdk:<name>`;
 * - anything else is a page elsewhere using the widget kit: `widget`. The kit names itself
 *   `JavascriptSDK` as GIPHY's JS SDK does; both show GIFs on other sites' pages, so
 *   that name counts as `widget`, not as an app.
 * Embed player events arrive as site events and are `embed` in the roll-up.
 */
/** The name GIPHY's JS SDK and Jiffy's widget kit send. */
const WEB_SDK = 'JavascriptSDK';

export function pingbackSource(
  request: { query: unknown; headers: Record<string, string | string[] | undefined> },
  siteOrigin: string,
): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const key = query.api_key ?? query.apikey;
  if (typeof key === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(key)) return `api:${key}`;
  const from = request.headers.origin ?? request.headers.referer;
  if (typeof from === 'string' && URL.canParse(from) && new URL(from).origin === siteOrigin) {
    return 'site';
  }
  const sdk = request.headers['x-giphy-sdk-name'];
  if (typeof sdk === 'string' && /^[A-Za-z0-9 ._-]{1,40}$/.test(sdk) && sdk !== WEB_SDK) {
    return `sdk:${sdk.trim()}`;
  }
  return 'widget';
}
