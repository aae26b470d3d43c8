/** The CSRF token the server gives every visitor in a readable cookie (double submit). */
export function csrfToken(): string {
  const match = /(?:^|;\s*)jiffy_csrf=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : '';
}

/**
 * A call to the site's own API (`/api/...`, signed in by cookie): JSON in, the token every
 * state-changing call must echo in `x-csrf-token`.
 */
export function siteFetch(path: string, init: { method?: string; json?: unknown } = {}) {
  return fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      'x-csrf-token': csrfToken(),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

/** A site API answer that was not a success, with the server's words for it. */
export class SiteApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'SiteApiError';
    this.status = status;
  }
}

/** `siteFetch`, then the whole JSON answer; a failure throws SiteApiError with its message. */
export async function siteBody<T>(
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  const response = await siteFetch(path, init);
  const body = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (!response.ok)
    throw new SiteApiError(
      response.status,
      body.error?.message ?? `The server answered ${response.status}.`,
    );
  return body;
}

/** `siteBody`'s `data`: what most site calls answer with. */
export async function siteJson<T>(
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  return (await siteBody<{ data: T }>(path, init)).data;
}
