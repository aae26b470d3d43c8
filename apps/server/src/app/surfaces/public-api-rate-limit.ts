import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AttemptLimits } from '../../modules/accounts/index.ts';
import type { ApiKeyService } from '../../modules/api-keys/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { addressBucket } from '../../platform/http/client-address.ts';
import { surfaceOf } from '../../platform/http/surface.ts';

/** Calls a minute allowed on the public API, by whose budget a call is counted against. */
export interface PublicApiLimits {
  /**
   * Each of the instance's keys other than the site's own, and each address calling without a
   * key the instance knows (a made-up key buys nothing: it counts against its address).
   */
  perKey: number;
  /**
   * Each visitor calling with the site's own key (which every page carries, so anyone can copy
   * it): a signed-in user by their account, anyone else by their address.
   */
  perSiteVisitor: number;
  /** All visitors on the site's own key together: a ceiling on what the pages can cost. */
  siteTotal: number;
}

const MINUTE_SECONDS = 60;

/** The budget one call is counted against, and what the refusal calls it. */
interface Budget {
  limiter: RateLimiterAbstract;
  key: string;
  limit: number;
  whose: string;
}

/**
 * GIPHY-style limits on the public API (both dialects), as an `onRequest` hook of its scope:
 * every route registered there is limited unless its config says `rateLimit: false`, whatever
 * spelling its path was reached by. Counts live in the attempt limiters (Redis when configured,
 * so every API node spends one budget; memory while Redis is away).
 *
 * A budget is keyed by something the caller cannot mint: a key only once it is verified as one
 * of the instance's, a session only once it names a signed-in user, else the address (an IPv6
 * caller by its /64). The site's own key is no one's key: its callers are counted one by one,
 * so one script cannot spend the budget every visitor's search and trending share.
 */
export function publicApiRateLimit(
  scope: FastifyInstance,
  deps: {
    limits: PublicApiLimits;
    attempts: AttemptLimits;
    apiKeys: ApiKeyService;
    siteKey: string;
    /** The signed-in user a request's session cookie names, if any. */
    sessionUserId: (request: FastifyRequest) => Promise<string | null>;
  },
): void {
  const { limits } = deps;
  const minute = (points: number) => ({ points, durationSeconds: MINUTE_SECONDS });
  const perKey = deps.attempts.limiter('public-api-key', minute(limits.perKey));
  const perAddress = deps.attempts.limiter('public-api-address', minute(limits.perKey));
  const perVisitor = deps.attempts.limiter('site-visitor', minute(limits.perSiteVisitor));
  const siteTotal = deps.attempts.limiter('site-total', minute(limits.siteTotal));

  const budgetOf = async (request: FastifyRequest): Promise<Budget> => {
    // Tenor's dialect names the same Jiffy key `key`: one budget per key across both dialects.
    const param = surfaceOf(request) === 'tenor' ? 'key' : 'api_key';
    const sent = (request.query as Record<string, unknown> | undefined)?.[param];
    const caller = typeof sent === 'string' ? await deps.apiKeys.callerOf(sent) : null;
    const address = addressBucket(request.ip);
    if (caller && caller.key !== deps.siteKey) {
      return { limiter: perKey, key: caller.key, limit: limits.perKey, whose: 'key' };
    }
    if (!caller) {
      return { limiter: perAddress, key: address, limit: limits.perKey, whose: 'address' };
    }
    const userId = await deps.sessionUserId(request);
    const visitor = userId ? `user:${userId}` : `address:${address}`;
    return { limiter: perVisitor, key: visitor, limit: limits.perSiteVisitor, whose: 'visitor' };
  };

  scope.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.rateLimit === false) return;
    const budget = await budgetOf(request);
    const spent = await spend(budget.limiter, budget.key);
    reply.header('x-ratelimit-limit', budget.limit);
    reply.header('x-ratelimit-remaining', Math.max(0, spent.outcome.remainingPoints));
    reply.header('x-ratelimit-reset', secondsUntil(spent.outcome));
    if (!spent.allowed)
      refuse(reply, spent.outcome, `${budget.limit} a minute for this ${budget.whose}`);
    if (budget.whose !== 'visitor') return;
    const total = await spend(siteTotal, 'all');
    if (!total.allowed)
      refuse(reply, total.outcome, `${limits.siteTotal} a minute for this site's pages`);
  });
}

/** Counts one call; a refusal is an answer too (the limiter rejects with its figures). */
async function spend(
  limiter: RateLimiterAbstract,
  key: string,
): Promise<{ allowed: boolean; outcome: RateLimiterRes }> {
  try {
    return { allowed: true, outcome: await limiter.consume(key) };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return { allowed: false, outcome: refusal };
    throw refusal;
  }
}

const secondsUntil = (outcome: RateLimiterRes) =>
  Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));

function refuse(reply: FastifyReply, outcome: RateLimiterRes, what: string): never {
  const seconds = secondsUntil(outcome);
  reply.header('retry-after', seconds);
  throw new AppError('rate_limited', `Too many requests: ${what}. Retry in ${seconds} s.`);
}
