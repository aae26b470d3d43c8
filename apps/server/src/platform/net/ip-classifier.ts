import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

// Everything routable on the public IPv6 internet lives in 2000::/3. Starting from that
// allow-list (instead of listing bad ranges) means new or obscure special ranges outside it
// — ::/8 with its IPv4-compatible forms, fc00::/7, fe80::/10, fec0::/10, ff00::/8 — are refused
// without having to be named.
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
// Prefixes that carry an IPv4 address inside; the wrapped address decides.
const IPV6_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const IPV6_6TO4 = ipaddr.IPv6.parseCIDR('2002::/16');
const IPV6_TEREDO = ipaddr.IPv6.parseCIDR('2001::/32');

/**
 * True only for a public unicast address: one an importer may connect to without reaching
 * the server's own host, its LAN, or cloud metadata services. Anything that is not a plain
 * textual IPv4/IPv6 address (odd spellings like `0x7f.1` included) counts as not public, so
 * callers must hand in addresses as DNS or WHATWG URL parsing normalised them.
 */
export function isPublicAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 0) return false;
  try {
    if (version === 4) return isPublicV4(ipaddr.IPv4.parse(ip));
    return isPublicV6(ipaddr.IPv6.parse(canonicalV6(ip)));
  } catch {
    return false;
  }
}

/**
 * Rewrites an IPv6 address in WHATWG's all-hex form before ipaddr.js sees it: ipaddr.js
 * reads the deprecated `::a.b.c.d` (IPv4-compatible) spelling as `::ffff:a.b.c.d`
 * (IPv4-mapped), which is a different address. The zone (`%eth0`) is dropped first since
 * URL parsing rejects it; it does not change which range the address is in.
 */
function canonicalV6(ip: string): string {
  const bare = ip.split('%', 1)[0] ?? '';
  return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
}

function isPublicV4(address: IPv4): boolean {
  // ipaddr.js names every special-purpose block (loopback, private, link-local incl.
  // 169.254.169.254, CGNAT, unspecified 0/8, multicast, broadcast, reserved, test nets,
  // benchmarking, ...); only what is left over is ordinary unicast.
  return address.range() === 'unicast';
}

function isPublicV6(address: IPv6): boolean {
  if (address.isIPv4MappedAddress()) return isPublicV4(address.toIPv4Address());
  const parts = address.parts;
  if (address.match(IPV6_NAT64)) return isPublicV4(v4FromWords(parts[6], parts[7]));
  if (address.match(IPV6_6TO4)) return isPublicV4(v4FromWords(parts[1], parts[2]));
  if (address.match(IPV6_TEREDO)) {
    // Teredo packets go to the server address (words 2-3) and end at the client address,
    // which is stored bit-inverted in words 6-7; both must be public.
    const server = v4FromWords(parts[2], parts[3]);
    const client = v4FromWords(invert16(parts[6]), invert16(parts[7]));
    return isPublicV4(server) && isPublicV4(client);
  }
  if (!address.match(IPV6_GLOBAL_UNICAST)) return false;
  // Inside 2000::/3 ipaddr.js still flags documentation, benchmarking, ORCHID, AMT, AS112
  // and the other IETF protocol assignments; those are not hosts an importer should reach.
  return address.range() === 'unicast';
}

function v4FromWords(high: number | undefined, low: number | undefined): IPv4 {
  const h = high ?? 0;
  const l = low ?? 0;
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff]);
}

function invert16(word: number | undefined): number {
  return ~(word ?? 0) & 0xffff;
}
