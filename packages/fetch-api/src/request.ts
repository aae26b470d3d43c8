import { PublicAPIError, ResponseError } from './errors.ts';

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  /** Server origin, e.g. `https://gifs.example.org`; '' means the page's own origin. */
  serverUrl: string;
  apiKey: string;
  sdkName: string;
  sdkVersion: string;
  fetch: typeof globalThis.fetch;
}

/** Builds `serverUrl + path?query`, leaving out undefined/null/'' values. */
export function buildUrl(
  serverUrl: string,
  path: string,
  query: Record<string, QueryValue>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${serverUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

/**
 * GET (or another method) on the public API with the key and the SDK headers. A 204 is
 * success (undefined); other non-2xx answers throw ResponseError with the parsed body; a body
 * that is not JSON throws `Error parsing json for {url}`.
 */
export async function requestJson<T>(
  options: RequestOptions,
  path: string,
  query: Record<string, QueryValue> = {},
  init: { method?: string; body?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const url = buildUrl(options.serverUrl, path, { api_key: options.apiKey, ...query });
  let response: Response;
  try {
    response = await options.fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        'X-GIPHY-SDK-Name': options.sdkName,
        'X-GIPHY-SDK-Version': options.sdkVersion,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(init.body ? { body: init.body } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new PublicAPIError(undefined, { cause: error });
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (!response.ok) throw new ResponseError(response, undefined);
    throw new Error(`Error parsing json for ${url}`);
  }
  if (!response.ok) {
    const meta = (body as { meta?: ResponseError['details'] } | null)?.meta;
    throw new ResponseError(response, meta);
  }
  return body as T;
}
