/** The CSRF token the server gives every visitor in a readable cookie (double submit). */
export function csrfToken(): string {
  const match = /(?:^|;\s*)jiffy_csrf=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : '';
}

/** A site call's method and body: JSON, or a multipart form (a file). */
export interface SiteInit {
  method?: string;
  json?: unknown;
  form?: FormData;
}

/**
 * A call to the site's own API (`/api/...`, signed in by cookie), with the token every
 * state-changing call must echo in `x-csrf-token`.
 */
export function siteFetch(path: string, init: SiteInit = {}) {
  return fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      'x-csrf-token': csrfToken(),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
}

/** A site API answer that was not a success, with the server's words for it. */
export class SiteApiError extends Error {
  readonly status: number;
  /** The server's stable error code, such as `email_not_confirmed`. */
  readonly code: string;
  /** What the server adds for the caller: the refused input's `field`, an account's `email`. */
  readonly details: Readonly<Record<string, string>>;
  constructor(
    status: number,
    message: string,
    code = '',
    details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'SiteApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** `siteFetch`, then the whole JSON answer; a failure throws SiteApiError with its message. */
export async function siteBody<T>(path: string, init: SiteInit = {}): Promise<T> {
  const response = await siteFetch(path, init);
  const body = (await response.json().catch(() => ({}))) as T & {
    error?: { message?: string; code?: string; details?: Record<string, string> };
  };
  if (!response.ok)
    throw new SiteApiError(
      response.status,
      body.error?.message ?? `The server answered ${response.status}.`,
      body.error?.code,
      body.error?.details,
    );
  return body;
}

/** `siteBody`'s `data`: what most site calls answer with. */
export async function siteJson<T>(path: string, init: SiteInit = {}): Promise<T> {
  return (await siteBody<{ data: T }>(path, init)).data;
}
