import ipaddr from 'ipaddr.js';

/** Fastify's `trustProxy`: none, every peer, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

// proxy-addr's names for address ranges, which Fastify accepts in the list too.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/**
 * Reads TRUST_PROXY: `false` (the default: X-Forwarded-For is ignored, the peer is the client),
 * `true` (trust every peer: only when nothing can reach Jiffy but the proxy), a hop count
 * (`1`: the nearest proxy), or a comma-separated list of the proxies' addresses and CIDRs
 * (`127.0.0.1,10.0.0.0/8`). Returns an error message for anything else.
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? hops : { error: 'a hop count is at most 10' };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    return { error: `"${bad}" is not an address, a CIDR, loopback, linklocal or uniquelocal` };
  }
  return entries;
}
