import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../accounts/account.service.ts';
import type { ApiTokenRepository } from '../accounts/api-token.repository.ts';
import { consumeOrRefuse, withRetryAfter, type AttemptLimits } from '../accounts/attempt-limits.ts';
import { currentUser } from '../accounts/current-user.ts';
import { AppError } from '../errors/app-error.ts';
import { parseInput } from '../http/parse-input.ts';
import { presentTagPrediction } from './tag-prediction.presenter.ts';
import { PREDICTION_BODY_LIMIT, tagPredictionInputSchema } from './tag-prediction-input.schema.ts';
import type { TagPredictionService } from './tag-prediction.service.ts';

/** Predictions one user may ask for: the maker asks once per clip, an editor now and then. */
const PREDICTIONS_PER_USER = { points: 120, durationSeconds: 10 * 60 };

/**
 * `POST /ajax/tags/prediction/` (§7): suggested tags for a few frames. Signed in (session with
 * the CSRF echo, or a personal token), limited per user.
 */
export function tagPredictionRoutes(
  app: FastifyInstance,
  deps: {
    predictions: TagPredictionService;
    accounts: AccountService;
    tokens: ApiTokenRepository;
    limiter: AttemptLimits;
  },
): void {
  const perUser = deps.limiter.limiter('tag-prediction-user', PREDICTIONS_PER_USER);
  app.post(
    '/ajax/tags/prediction/',
    { bodyLimit: PREDICTION_BODY_LIMIT },
    async (request, reply) => {
      const user = await currentUser(request, deps.accounts, deps.tokens);
      if (!user) {
        throw new AppError(
          'not_signed_in',
          'Sign in, or send a personal token, for tag suggestions.',
        );
      }
      await withRetryAfter(reply, consumeOrRefuse(perUser, user.id));
      const { frames } = parseInput(tagPredictionInputSchema, request.body);
      return presentTagPrediction(await deps.predictions.predict(frames));
    },
  );
}
