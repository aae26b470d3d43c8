import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { consumeOrRefuse, TooManyAttempts, type AttemptLimits } from './attempt-limits.ts';

const MINUTE = 60;

/** Per address: every sign-in attempt, whatever account it names. */
const PER_ADDRESS = { points: 30, durationSeconds: 10 * MINUTE };
/** Per (account, address): wrong passwords; past them that address is refused for that account. */
const PER_ACCOUNT_ADDRESS = { points: 10, durationSeconds: 10 * MINUTE };
/** Per account, from every address: wrong passwords, which slow the account down. */
const ACCOUNT_FAILURES_WINDOW = 60 * MINUTE;
/** Failures an account takes before its attempts slow down, and the first and largest delay. */
export const SLOWDOWN_AFTER = 10;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 4000;

/**
 * The delay before an account's password is checked once it has `failures` recent wrong
 * passwords: nothing below SLOWDOWN_AFTER, then 250 ms, doubling every 10 more, at most 4 s.
 */
export function slowdownMs(failures: number): number {
  if (failures < SLOWDOWN_AFTER) return 0;
  const doublings = Math.floor((failures - SLOWDOWN_AFTER) / 10);
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** doublings);
}

/**
 * Brute-force limits on sign-in, after OWASP's authentication guidance: an address is limited
 * (all its attempts, and its wrong passwords per account), but an account is only slowed down,
 * never locked: a correct password from an address that has not failed on it always works, so
 * nobody can lock an owner out by guessing at a public username.
 */
export class SignInLimits {
  readonly #perAddress: RateLimiterAbstract;
  readonly #perAccountAddress: RateLimiterAbstract;
  readonly #accountFailures: RateLimiterAbstract;

  constructor(limits: AttemptLimits) {
    this.#perAddress = limits.limiter('login-ip', PER_ADDRESS);
    this.#perAccountAddress = limits.limiter('login-account-ip', PER_ACCOUNT_ADDRESS);
    // A counter, not a limit: it never refuses (penalty() counts without consuming).
    this.#accountFailures = limits.limiter('login-account', {
      points: Number.MAX_SAFE_INTEGER,
      durationSeconds: ACCOUNT_FAILURES_WINDOW,
    });
  }

  /**
   * Before a password is checked: counts the attempt for the address, refuses (TooManyAttempts)
   * an address over its allowance or blocked for this account, and answers how long to wait.
   */
  async admit(account: string, address: string): Promise<{ delayMs: number }> {
    await consumeOrRefuse(this.#perAddress, address);
    const pair = await this.#perAccountAddress.get(pairKey(account, address));
    if (pair && pair.consumedPoints >= PER_ACCOUNT_ADDRESS.points)
      throw new TooManyAttempts(pair.msBeforeNext);
    return { delayMs: slowdownMs(await this.accountFailures(account)) };
  }

  /** A wrong password: counts against this address for the account, and against the account. */
  async failed(account: string, address: string): Promise<void> {
    await Promise.all([
      this.#perAccountAddress.penalty(pairKey(account, address)),
      this.#accountFailures.penalty(account),
    ]);
  }

  /** A correct password: this address's wrong guesses at this account are forgiven. */
  async succeeded(account: string, address: string): Promise<void> {
    await this.#perAccountAddress.delete(pairKey(account, address));
  }

  /** Recent wrong passwords for the account, from every address. */
  async accountFailures(account: string): Promise<number> {
    return (await this.#accountFailures.get(account))?.consumedPoints ?? 0;
  }
}

const pairKey = (account: string, address: string) => `${account}|${address}`;
