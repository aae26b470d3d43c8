import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AttemptLimits } from '../accounts/attempt-limits.ts';
import { AppError } from '../errors/app-error.ts';
import { limiterStore } from './limiter-store.ts';
import { surfaceOf } from './surfaces/surface.ts';

/**
 * Per-key limits on the public API, as GIPHY limits its keys: counted per `api_key` (per
 * address for calls without one, such as pingbacks), in this process's memory, or with `shared`
 * (the attempt limits, on Redis) so that every API node counts against the same budget, each
 * node counting alone while Redis is down. Registered inside the public
 * API's scope, it limits every route of that scope and no other (a route opts out with
 * `config: { rateLimit: false }`).
 */
export async function publicApiRateLimit(
  app: FastifyInstance,
  options: { perMinute: number; shared?: AttemptLimits | undefined },
): Promise<void> {
  const perMinute = options.perMinute;
  await app.register(rateLimit, {
    // Alone, the plugin's own in-memory store: synchronous, nothing to fall back from.
    ...(options.shared
      ? {
          store: limiterStore(
            options.shared.limiter('public-api', { points: perMinute, durationSeconds: 60 }),
          ),
        }
      : {}),
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => {
      // Tenor's dialect names the same Jiffy key `key`: one budget per key across both dialects.
      const param = surfaceOf(request) === 'tenor' ? 'key' : 'api_key';
      const key = (request.query as Record<string, unknown> | undefined)?.[param];
      return typeof key === 'string' && key.length <= 256 ? `key:${key}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        `Too many requests: ${context.max} a minute for this key. Retry in ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
}
