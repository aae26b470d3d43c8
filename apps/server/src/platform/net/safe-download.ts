import { AppError } from '../errors/app-error.ts';
import { untilAborted } from './abortable.ts';
import { type HostResolver, assertPublicUrl, isExemptHost } from './address-policy.ts';
import { fileTooLarge, writeCappedBody } from './capped-file-writer.ts';
import { createGuardedLookup } from './guarded-lookup.ts';
import { guardedRequest } from './guarded-request.ts';

export interface DownloadOptions {
  destPath: string;
  maxBytes: number;
  /** Budget for the whole download: every hop's DNS, connect, headers, and the body. */
  timeoutMs: number;
  /** Redirects followed before giving up; default 5. */
  maxRedirects?: number;
  /** `host:port` entries exempt from the address checks; see `UrlPolicyOptions`. */
  allowPrivateHosts?: readonly string[];
  /** DNS override for tests; defaults to `dns.lookup`. */
  resolve?: HostResolver;
}

export interface DownloadResult {
  bytes: number;
  contentType: string | null;
  /** The URL the body finally came from, after redirects. */
  finalUrl: string;
}

const USER_AGENT = 'Jiffy-Importer/1.0';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a user-supplied URL to `destPath` without letting the user aim the server at
 * itself or its network: every hop is re-checked (scheme, port, resolved addresses), the
 * socket only dials addresses the guarded lookup approved, redirects are followed by hand,
 * and size and time are capped. Throws `url_not_allowed`, `url_fetch_failed` or
 * `file_too_large`; on any failure nothing is left at `destPath`. Local file-system errors
 * (e.g. a missing directory) are rethrown as they are, since they are the server's fault.
 */
export async function downloadToFile(
  url: string,
  options: DownloadOptions,
): Promise<DownloadResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await followAndSave(url, options, signal);
  } catch (error) {
    throw toDownloadError(error, { signal, timeoutMs: options.timeoutMs });
  }
}

async function followAndSave(
  url: string,
  options: DownloadOptions,
  signal: AbortSignal,
): Promise<DownloadResult> {
  const maxRedirects = options.maxRedirects ?? 5;
  const allowPrivateHosts = options.allowPrivateHosts ?? [];
  const policy = { allowPrivateHosts, resolve: options.resolve };
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    const target = await untilAborted(assertPublicUrl(current, policy), signal);
    const exempt = isExemptHost(target, allowPrivateHosts);
    const lookup = createGuardedLookup({ exempt, resolve: options.resolve });
    const response = await untilAborted(
      guardedRequest(target, {
        method: 'GET',
        headers: { 'user-agent': USER_AGENT, accept: '*/*' },
        lookup,
        signal,
        exempt,
      }),
      signal,
    );
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(status) && location !== undefined) {
      response.destroy();
      if (redirects >= maxRedirects) {
        throw new AppError('url_fetch_failed', `Too many redirects (more than ${maxRedirects})`);
      }
      current = resolveRedirect(location, target);
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      throw new AppError('url_fetch_failed', `Remote server answered HTTP ${status}`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw fileTooLarge(options.maxBytes);
    }
    const bytes = await writeCappedBody(response, {
      destPath: options.destPath,
      maxBytes: options.maxBytes,
      signal,
    });
    return { bytes, contentType: response.headers['content-type'] ?? null, finalUrl: target.href };
  }
}

function resolveRedirect(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new AppError('url_fetch_failed', 'Remote server sent an invalid redirect');
  }
}

function toDownloadError(
  error: unknown,
  context: { signal: AbortSignal; timeoutMs: number },
): unknown {
  if (error instanceof AppError) return error;
  // fs errors carry the path they failed on; socket errors never do.
  if (error instanceof Error && 'path' in error) return error;
  if (context.signal.aborted) {
    return new AppError('url_fetch_failed', `Download timed out after ${context.timeoutMs} ms`, {
      cause: error,
    });
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const detail = typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? ` (${code})` : '';
  return new AppError('url_fetch_failed', `Could not fetch the URL${detail}`, { cause: error });
}
