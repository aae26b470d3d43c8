import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The part of a caller's address that one party controls, as a counting key: an IPv4 address
 * as it is (an IPv4-mapped IPv6 address counts as its IPv4 address), an IPv6 address by its
 * /64 — one subscriber is routinely handed a whole /64, so counting single IPv6 addresses would
 * give one caller 2^64 budgets. Anything that is not an address (a test's fake peer) is kept
 * whole.
 */
export function addressBucket(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  try {
    const parsed = ipaddr.IPv6.parse(ip.split('%')[0] ?? ip);
    if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
    const parts = parsed.parts.slice(0, 4).map((part) => part.toString(16));
    return `${parts.join(':')}::/64`;
  } catch {
    return ip;
  }
}
