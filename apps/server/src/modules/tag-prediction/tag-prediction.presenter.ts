import type { TagPredictionAnswer } from '@jiffy/contracts';
import type { TagPrediction } from './tag-prediction.service.ts';

/** `{ data: { tags: [{ tag, confidence }], library_size } }`, best first, confidence 0–1. */
export function presentTagPrediction(prediction: TagPrediction): TagPredictionAnswer {
  return {
    data: {
      tags: prediction.tags.map(({ tag, confidence }) => ({
        tag,
        confidence: Math.round(confidence * 1000) / 1000,
      })),
      library_size: prediction.librarySize,
    },
  };
}
