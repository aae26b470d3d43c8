import { isIP } from 'node:net';
import { isPublicAddress } from './ip-classifier.ts';

// Names that never lead to the public internet: RFC 6761/6762 special names and the suffixes
// home routers and clusters hand out.
const PRIVATE_SUFFIXES = ['localhost', 'local', 'lan', 'home', 'internal', 'intranet', 'corp'];

/**
 * Whether `origin` is an address strangers on the internet can reach and trust: https, and a
 * host that is a public IP address or a dotted DNS name outside the private suffixes. Decided
 * without DNS (it runs while the configuration is read); it answers "looks public", which is
 * what a default needs: a private instance must never federate by accident, and an operator
 * whose public name resolves privately can still say so explicitly.
 */
export function isPublicOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIP(host) !== 0) return isPublicAddress(host);
  const labels = host.split('.');
  if (labels.length < 2) return false;
  return !PRIVATE_SUFFIXES.includes(labels.at(-1)!);
}
