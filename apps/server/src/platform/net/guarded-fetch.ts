import type { IncomingMessage } from 'node:http';
import { AppError } from '../errors/app-error.ts';
import { untilAborted } from './abortable.ts';
import { type HostResolver, assertPublicUrl, isExemptHost } from './address-policy.ts';
import { createGuardedLookup } from './guarded-lookup.ts';
import { guardedRequest } from './guarded-request.ts';

export interface GuardedFetchOptions {
  method?: 'GET' | 'POST';
  headers?: Headers;
  body?: string;
  /** The answer's body is refused past this many bytes. */
  maxBytes: number;
  /** Budget for the whole exchange: every hop's DNS, connect, headers and body. */
  timeoutMs: number;
  /** Redirects a GET follows (each hop checked again); a POST follows none. Default 3. */
  maxRedirects?: number;
  /** `host:port` entries exempt from the address checks; see `UrlPolicyOptions`. */
  allowPrivateHosts?: readonly string[];
  resolve?: HostResolver;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * An HTTP exchange with a URL another party chose (an ActivityPub actor's document, its inbox),
 * as a Web `Response`: the same guard as `downloadToFile` — every hop's scheme, port and
 * resolved addresses checked, the socket dialling only approved addresses, the peer checked
 * again — with the body read into memory under `maxBytes`. Throws `url_not_allowed`,
 * `url_fetch_failed` or `file_too_large`; any status is returned, not thrown.
 */
export async function guardedFetch(url: string, options: GuardedFetchOptions): Promise<Response> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const allowPrivateHosts = options.allowPrivateHosts ?? [];
  const policy = { allowPrivateHosts, resolve: options.resolve };
  const method = options.method ?? 'GET';
  const maxRedirects = method === 'GET' ? (options.maxRedirects ?? 3) : 0;
  let current = url;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const target = await untilAborted(assertPublicUrl(current, policy), signal);
      const exempt = isExemptHost(target, allowPrivateHosts);
      const lookup = createGuardedLookup({ exempt, resolve: options.resolve });
      const answer = await untilAborted(
        guardedRequest(target, {
          method,
          headers: options.headers ? Object.fromEntries(options.headers) : undefined,
          body: options.body,
          lookup,
          signal,
          exempt,
        }),
        signal,
      );
      const location = answer.headers.location;
      if (REDIRECT_STATUSES.has(answer.statusCode ?? 0) && location && redirects < maxRedirects) {
        answer.destroy();
        current = new URL(location, target).href;
        continue;
      }
      const body = await untilAborted(readCapped(answer, options.maxBytes), signal);
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const status = answer.statusCode ?? 502;
      const response = new Response(
        status === 204 || status === 304 ? null : new Uint8Array(body),
        {
          status,
          headers,
        },
      );
      // A Response built by hand has no URL; callers need the one the body came from.
      Object.defineProperty(response, 'url', { value: target.href });
      return response;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted)
      throw new AppError('url_fetch_failed', `No answer within ${options.timeoutMs} ms`);
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const detail = typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : '';
    throw new AppError('url_fetch_failed', `Could not reach the URL${detail}`, { cause: error });
  }
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new AppError('file_too_large', `The answer is over ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.destroy();
      throw new AppError('file_too_large', `The answer is over ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
