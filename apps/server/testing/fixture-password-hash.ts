import { hashPassword, type ScryptCost } from '../src/modules/accounts/password-hash.ts';

// scrypt at N=2^10 (1 MiB, about a millisecond) instead of the accounts module's N=2^15
// (32 MiB, ~50 ms): the stored hash names its own cost, so signing in verifies it with the
// same code at this cost. The production cost has tests of its own (sign-up and sign-in of
// accounts made through the API).
const FIXTURE_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

const hashes = new Map<string, Promise<string>>();

/** `password` as the accounts module stores one, at a fixture's cost; made once per process. */
export function fixturePasswordHash(password: string): Promise<string> {
  let made = hashes.get(password);
  if (!made) {
    made = hashPassword(password, FIXTURE_COST);
    hashes.set(password, made);
  }
  return made;
}
