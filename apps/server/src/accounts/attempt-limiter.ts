import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.ts';

/** One fixed window's count after this attempt, and the ms left in the window. */
interface WindowCount {
  count: number;
  remainingMs: number;
}

/** In this process's memory: enough for one API node. */
class MemoryWindows {
  readonly #windows = new Map<string, { count: number; until: number }>();

  count(key: string, windowMs: number): WindowCount {
    const now = Date.now();
    let window = this.#windows.get(key);
    if (!window || window.until <= now) {
      if (this.#windows.size > 100_000) this.#windows.clear();
      window = { count: 0, until: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, remainingMs: window.until - now };
  }
}

/**
 * Fixed-window counters against brute force (per account and per address). With Redis every API
 * node counts against the same windows, so an attacker spread over nodes gets one allowance; if
 * Redis fails, this node's own memory still counts (protection degrades, sign-in keeps working).
 */
export class AttemptLimiter {
  readonly #memory = new MemoryWindows();
  readonly #redis: Redis | undefined;
  readonly #onRedisError: (error: Error) => void;

  constructor(options: { redis?: Redis | undefined; onRedisError?: (error: Error) => void } = {}) {
    this.#redis = options.redis;
    this.#onRedisError = options.onRedisError ?? (() => {});
  }

  /** Counts an attempt under `key`; throws `too_many_attempts` past `max` within `windowMs`. */
  async hit(key: string, max: number, windowMs: number): Promise<void> {
    const { count, remainingMs } = await this.#count(key, windowMs);
    if (count > max) {
      const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
      throw new AppError('too_many_attempts', `Too many attempts; try again in ${seconds} s.`);
    }
  }

  async #count(key: string, windowMs: number): Promise<WindowCount> {
    if (!this.#redis) return this.#memory.count(key, windowMs);
    const redisKey = `jiffy-attempts:${key}`;
    try {
      // The window starts with the first attempt: the expiry is set only when there is none.
      const replies = await this.#redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, windowMs, 'NX')
        .pttl(redisKey)
        .exec();
      const [[incrError, count], , [ttlError, ttl]] = replies as [
        [Error | null, number],
        unknown,
        [Error | null, number],
      ];
      const failed = incrError ?? ttlError;
      if (failed) throw failed;
      return { count, remainingMs: ttl > 0 ? ttl : windowMs };
    } catch (error) {
      this.#onRedisError(error instanceof Error ? error : new Error(String(error)));
      return this.#memory.count(key, windowMs);
    }
  }
}
