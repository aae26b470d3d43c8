/** The CSRF token the server gives every visitor in a readable cookie (double submit). */
function csrfToken(): string {
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
