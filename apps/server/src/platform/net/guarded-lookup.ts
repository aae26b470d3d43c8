import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import {
  type HostResolver,
  type ResolvedAddress,
  defaultResolver,
  resolvePublicAddresses,
} from './address-policy.ts';

export interface GuardedLookupOptions {
  /** The hop's host:port was opted in through `allowPrivateHosts`: resolve without checking. */
  exempt: boolean;
  resolve?: HostResolver;
}

/**
 * A `lookup` for `http.request` that refuses non-public answers. The socket can only dial
 * an address this function handed out, so a DNS answer that changed since the request-time
 * check (DNS rebinding) is caught at connect time. IP-literal hosts never reach a lookup;
 * for those the request-time check already saw the exact address.
 */
export function createGuardedLookup(options: GuardedLookupOptions): LookupFunction {
  const resolve = options.resolve ?? defaultResolver;
  return (hostname, lookupOptions, callback) => {
    const answer = options.exempt ? resolve(hostname) : resolvePublicAddresses(hostname, resolve);
    answer.then(
      (addresses) => {
        // Honour a family restriction from the caller; Happy Eyeballs asks for `all`.
        const wanted = onlyFamily(addresses, lookupOptions.family);
        const first = wanted[0];
        if (first === undefined) {
          const error: NodeJS.ErrnoException = new Error(`No address found for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (lookupOptions.all === true) {
          const list: LookupAddress[] = wanted.map((entry) => ({
            address: entry.address,
            family: entry.family,
          }));
          callback(null, list);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, '');
      },
    );
  };
}

function onlyFamily(
  addresses: ResolvedAddress[],
  family: number | 'IPv4' | 'IPv6' | undefined,
): ResolvedAddress[] {
  if (family === 4 || family === 'IPv4') return addresses.filter((entry) => entry.family === 4);
  if (family === 6 || family === 'IPv6') return addresses.filter((entry) => entry.family === 6);
  return addresses;
}
