import type { FastifyInstance } from 'fastify';
import { shareAnswer, shareTypes } from '@jiffy/contracts';
import { consumeOrRefuse, withRetryAfter, type AttemptLimits } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { isShareType, shareEventParams } from './share-event-input.schema.ts';
import { presentShare } from './share-event.presenter.ts';
import type { ShareEventService } from './share-event.service.ts';

/** Shares one address may count: a busy sharer's evening, not a counter pump. */
const SHARES_PER_ADDRESS = { points: 60, durationSeconds: 10 * 60 };

/**
 * `POST /ajax/gif/:id/analytic/:type/`: a share button was used. Anonymous or signed in;
 * a site call, so it carries the CSRF echo the site's fetch client sends; limited per address.
 */
export function shareEventsRoutes(
  app: FastifyInstance,
  deps: { shares: ShareEventService; limiter: AttemptLimits },
): void {
  const perIp = deps.limiter.limiter('share-ip', SHARES_PER_ADDRESS);
  const share = documented({
    auth: 'optional-session',
    summary: 'Count a share of a GIF',
    description: `\`type\` is one of ${shareTypes.join(', ')}. Limited per address.`,
    tags: ['Analytics'],
    params: shareEventParams,
    responses: { 201: shareAnswer },
  });
  app.post('/ajax/gif/:id/analytic/:type/', share, async (request, reply) => {
    const { id, type } = parseInput(shareEventParams, request.params);
    if (!isShareType(type))
      throw new AppError(
        'unknown_share_type',
        `The share type is one of: ${shareTypes.join(', ')}.`,
      );
    await withRetryAfter(reply, consumeOrRefuse(perIp, request.ip));
    const outcome = await deps.shares.record(request.principal, id, type);
    return reply.status(201).send({ data: presentShare(outcome) });
  });
}
