import { AppError } from '../errors/app-error.ts';

/**
 * Fixed-window counters against brute force (per account and per address). In this process's
 * memory: an attacker spread over several API nodes gets each node's allowance.
 */
export class AttemptLimiter {
  readonly #windows = new Map<string, { count: number; until: number }>();

  /** Counts an attempt under `key`; throws `too_many_attempts` past `max` within `windowMs`. */
  hit(key: string, max: number, windowMs: number): void {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.until <= now) {
      if (this.#windows.size > 100_000) this.#windows.clear();
      window = { count: 0, until: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (window.count > max) {
      const seconds = Math.ceil((window.until - now) / 1000);
      throw new AppError('too_many_attempts', `Too many attempts; try again in ${seconds} s.`);
    }
  }
}
