import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../../platform/errors/app-error.ts';

/** A limit: `points` within `durationSeconds`; past it, refused for `blockSeconds` (if set). */
export interface LimitRule {
  points: number;
  durationSeconds: number;
  blockSeconds?: number;
}

/** `too_many_attempts`, with the seconds until the caller may try again (for Retry-After). */
export class TooManyAttempts extends AppError {
  readonly retryAfterSeconds: number;
  constructor(msBeforeNext: number) {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    super('too_many_attempts', `Too many attempts; try again in ${seconds} s.`);
    this.retryAfterSeconds = seconds;
  }
}

/**
 * Makes rate-limiter-flexible limiters. With Redis every API node counts against the same keys,
 * so an attacker spread over nodes gets one allowance; when Redis is down (not "ready") each
 * limiter answers from this node's memory instead (protection degrades, sign-in keeps working).
 * The library expires each key on its own, so no flood of new keys can clear another key's
 * count (the hand-written windows this replaces emptied their whole map at 100,000 keys).
 */
export class AttemptLimits {
  readonly #redis: Redis | undefined;
  readonly #keyPrefix: string;
  readonly #onFallback: () => void;

  constructor(
    options: { redis?: Redis | undefined; keyPrefix?: string; onRedisError?: () => void } = {},
  ) {
    this.#redis = options.redis;
    this.#keyPrefix = options.keyPrefix ?? 'jiffy-attempts';
    let lastReport = 0;
    // Once a minute at most: a Redis outage would otherwise log on every attempt.
    this.#onFallback = () => {
      if (Date.now() - lastReport < 60_000) return;
      lastReport = Date.now();
      options.onRedisError?.();
    };
  }

  readonly #made = new Map<string, RateLimiterAbstract>();

  /**
   * The limiter named `name` (its keys do not meet another limiter's). One per name: every
   * route and service asking for a name shares its counts, even without Redis.
   */
  limiter(name: string, rule: LimitRule): RateLimiterAbstract {
    let made = this.#made.get(name);
    if (!made) {
      made = this.#make(name, rule);
      this.#made.set(name, made);
    }
    return made;
  }

  #make(name: string, rule: LimitRule): RateLimiterAbstract {
    const common = {
      keyPrefix: `${this.#keyPrefix}:${name}`,
      points: rule.points,
      duration: rule.durationSeconds,
      blockDuration: rule.blockSeconds ?? 0,
    };
    if (!this.#redis) return new RateLimiterMemory(common);
    return new RateLimiterRedis({
      ...common,
      storeClient: this.#redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new InsuranceMemory(common, this.#onFallback),
    });
  }
}

/** The in-memory insurance limiter; tells its owner when it had to stand in for Redis. */
class InsuranceMemory extends RateLimiterMemory {
  readonly #onUse: () => void;
  constructor(options: ConstructorParameters<typeof RateLimiterMemory>[0], onUse: () => void) {
    super(options);
    this.#onUse = onUse;
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.#onUse();
    return super.consume(...args);
  }
}

/**
 * Sets Retry-After when `work` is refused with TooManyAttempts (the error handler answers the
 * body; the header has to be on the reply before it does).
 */
export async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof TooManyAttempts) reply.header('retry-after', error.retryAfterSeconds);
    throw error;
  }
}

/** Counts `points` attempts (one by default) under `key`; throws TooManyAttempts past the allowance. */
export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  points = 1,
): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) throw new TooManyAttempts(refusal.msBeforeNext);
    throw refusal;
  }
}
