import { randomBytes, scrypt } from 'node:crypto';

// scrypt at N=2^10 (1 MiB, about a millisecond) instead of the accounts module's N=2^15
// (32 MiB, ~50 ms): the stored hash names its own cost, so signing in verifies it with the
// same code at this cost. The production cost has tests of its own (sign-up and sign-in of
// accounts made through the API).
const PARAMS = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 32;

const hashes = new Map<string, Promise<string>>();

async function hash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
  const { N, r, p } = PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * `password` as the accounts module stores one (`scrypt$N$r$p$salt$hash`), at a fixture's
 * cost; made once per password and process.
 */
export function fixturePasswordHash(password: string): Promise<string> {
  let made = hashes.get(password);
  if (!made) {
    made = hash(password);
    hashes.set(password, made);
  }
  return made;
}
