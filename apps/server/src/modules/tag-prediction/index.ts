// The tag-prediction module's face: what the rest of the server may use of it.
export { createTagPredictions } from './create-tag-predictions.ts';
export { tagPredictionRoutes } from './tag-prediction.routes.ts';
export type { TagPredictionService } from './tag-prediction.service.ts';
