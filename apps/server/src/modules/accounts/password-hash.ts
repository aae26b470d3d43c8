import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters, stored in each hash so they can be raised later. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

// scrypt (memory-hard): N=2^15, r=8 uses 32 MiB and ~50 ms per hash on this class of machine.
const PARAMS: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * `scrypt$N$r$p$salt$hash`, at the accounts' cost unless told another (test fixtures store
 * their users' passwords cheaper; a sign-in verifies at whatever cost the hash names).
 */
export async function hashPassword(password: string, cost: ScryptCost = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** True when `password` matches `stored`; compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Hashing something for an unknown account keeps its answer as slow as for a known one.
let dummy: Promise<string> | undefined;
/** Spends the time a real verification takes (enumeration resistance). */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not a real password');
  await verifyPassword(password, await dummy);
  return false;
}
