import type { FastifyInstance } from 'fastify';
import { tagPredictionAnswer } from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { consumeOrRefuse, withRetryAfter, type AttemptLimits } from '../accounts/index.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { principalOf } from '../../platform/http/route-auth.ts';
import { presentTagPrediction } from './tag-prediction.presenter.ts';
import { PREDICTION_BODY_LIMIT, tagPredictionInputSchema } from './tag-prediction-input.schema.ts';
import type { TagPredictionService } from './tag-prediction.service.ts';

/** Predictions one user may ask for: the maker asks once per clip, an editor now and then. */
const PREDICTIONS_PER_USER = { points: 120, durationSeconds: 10 * 60 };

/**
 * `POST /ajax/tags/prediction/`: suggested tags for a few frames. Signed in (session with
 * the CSRF echo, or a personal token), limited per user.
 */
export function tagPredictionRoutes(
  app: FastifyInstance,
  deps: {
    predictions: TagPredictionService;
    limiter: AttemptLimits;
  },
): void {
  const perUser = deps.limiter.limiter('tag-prediction-user', PREDICTIONS_PER_USER);
  const doc = documented({
    summary: 'Suggested tags for a few frames (signed in)',
    description: '1 to 5 frames as base64 data URLs (PNG, JPEG, WebP or GIF). Limited per user.',
    tags: ['Editing'],
    body: tagPredictionInputSchema,
    responses: { 200: tagPredictionAnswer },
    auth: 'session-or-token',
  });
  app.post(
    '/ajax/tags/prediction/',
    { ...doc, bodyLimit: PREDICTION_BODY_LIMIT },
    async (request, reply) => {
      const user = principalOf(request);
      await withRetryAfter(reply, consumeOrRefuse(perUser, user.id));
      const { frames } = parseInput(tagPredictionInputSchema, request.body);
      return presentTagPrediction(await deps.predictions.predict(frames));
    },
  );
}
