import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../errors/app-error.ts';
import { isPublicAddress } from './ip-classifier.ts';

/** One address a host name resolved to, as `dns.lookup` reports it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has. Swappable so tests need no real DNS. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface UrlPolicyOptions {
  /**
   * `host:port` entries (e.g. `127.0.0.1:43123`, `[::1]:8080`, `nas.lan:8000`) exempt from the
   * address and port checks. An explicit opt-in for test fixtures and for self-hosters who
   * mean to import from their own LAN; everything else must be public.
   */
  allowPrivateHosts?: readonly string[];
  /** Defaults to `dns.lookup` with `all: true`, the resolver the HTTP client itself uses. */
  resolve?: HostResolver;
}

export const defaultResolver: HostResolver = (hostname) => lookup(hostname, { all: true });

// Below 1024 only the web ports are allowed: the rest are mail, SSH, DNS and friends, which
// an HTTP request could be smuggled into. Above it, the fetch standard's "bad ports" (SIP,
// X11, IRC, NFS, ...) are refused for the same reason.
const BAD_HIGH_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6679, 6697, 10080,
]);

/**
 * Request-time check of a user-supplied URL: http(s) only, no credentials, an allowed port,
 * and a host that is — or resolves only to — public unicast addresses. Returns the parsed
 * (WHATWG-normalised) URL. Throws `url_not_allowed`, or `url_fetch_failed` when the host
 * name does not resolve. The fetch itself must still pin the address it connects to (see
 * `createGuardedLookup`), since DNS may answer differently a moment later.
 */
export async function assertPublicUrl(url: string, options: UrlPolicyOptions = {}): Promise<URL> {
  const parsed = parseImportUrl(url);
  if (isExemptHost(parsed, options.allowPrivateHosts ?? [])) return parsed;
  const port = effectivePort(parsed);
  if (!isAllowedPort(port)) throw new AppError('url_not_allowed', `Port ${port} is not allowed`);
  const host = bareHostname(parsed);
  if (isIP(host) !== 0) {
    // WHATWG parsing already turned `2130706433`, `0x7f.1` and `127.1` into dotted decimal
    // and compressed IPv6, so the classifier sees the address that would be dialled.
    if (!isPublicAddress(host)) {
      throw new AppError('url_not_allowed', 'URL points to a private network address');
    }
    return parsed;
  }
  await resolvePublicAddresses(host, options.resolve ?? defaultResolver);
  return parsed;
}

/** Parses and checks what can be checked without the network: scheme and credentials. */
export function parseImportUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('url_not_allowed', 'URL is not valid');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AppError('url_not_allowed', 'Only http and https URLs can be imported');
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new AppError('url_not_allowed', 'URLs with credentials are not allowed');
  }
  return parsed;
}

/** Whether the URL's host and port were opted in through `allowPrivateHosts`. */
export function isExemptHost(url: URL, allowPrivateHosts: readonly string[]): boolean {
  if (allowPrivateHosts.length === 0) return false;
  const key = `${url.hostname}:${effectivePort(url)}`;
  return allowPrivateHosts.some((entry) => normaliseHostEntry(entry) === key);
}

/**
 * Resolves a host name and refuses it if ANY answer is not public: an attacker controlling
 * the zone could otherwise pair a public address with a private one and hope for the latter.
 */
export async function resolvePublicAddresses(
  hostname: string,
  resolve: HostResolver,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    throw new AppError('url_fetch_failed', 'Host name could not be resolved', { cause: error });
  }
  if (addresses.length === 0) {
    throw new AppError('url_fetch_failed', 'Host name could not be resolved');
  }
  if (addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new AppError('url_not_allowed', 'URL resolves to a private network address');
  }
  return addresses;
}

function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

function isAllowedPort(port: number): boolean {
  if (port === 80 || port === 443) return true;
  return port >= 1024 && port <= 65535 && !BAD_HIGH_PORTS.has(port);
}

/** `[::1]` → `::1`: URL keeps IPv6 brackets in `hostname`, resolvers and `isIP` do not. */
function bareHostname(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

// Entries go through the same WHATWG parser as the URLs they are compared with, so
// `LOCALHOST:80`, `[0:0::1]:80` and `localhost:80` all match `http://localhost/`.
function normaliseHostEntry(entry: string): string {
  if (!/:\d+$/.test(entry)) {
    throw new TypeError(`allowPrivateHosts entry "${entry}" must be host:port`);
  }
  const parsed = new URL(`http://${entry}`);
  return `${parsed.hostname}:${effectivePort(parsed)}`;
}
