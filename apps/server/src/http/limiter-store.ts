import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * `@fastify/rate-limit`'s store over a rate-limiter-flexible limiter, so the public API's
 * per-key limit counts like the sign-in and upload limits: in Redis, with an in-memory limiter
 * standing in while Redis does not answer (the plugin's own Redis store fails the request, a
 * 500 on every public call for as long as Redis is down).
 */
export function limiterStore(limiter: RateLimiterAbstract): FastifyRateLimitStoreCtor {
  return class LimiterStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1]): void {
      // Past the allowance the limiter rejects with its figures, which are an answer too.
      const answer = (res: RateLimiterRes) =>
        callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext });
      limiter.consume(key).then(answer, (error: unknown) => {
        if (error instanceof RateLimiterRes) answer(error);
        else callback(error instanceof Error ? error : new Error(String(error)));
      });
    }

    child(): FastifyRateLimitStore {
      // A route-level `rateLimit: {…}` would need a limiter of its own; none of ours has one.
      throw new Error('per-route rate limits are not supported with a shared limiter store');
    }
  };
}
