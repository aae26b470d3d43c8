import { ratings } from '@jiffy/contracts';
import type { Rating } from '../../platform/db/schema.ts';
import {
  safetyClasses,
  type SafetyClass,
  type SafetyScores,
} from '../../platform/db/schema/column-types.ts';

// The classes and their scores are the shape of a stored column; they are named where the schema is.
export { safetyClasses, type SafetyClass, type SafetyScores };

/** Where the suggested rating turns stricter (`NSFW_EXPLICIT_THRESHOLD`, `NSFW_SUGGESTIVE_THRESHOLD`). */
export interface SafetyThresholds {
  /** Porn + Hentai at or above this suggests `r`. */
  explicit: number;
  /** Porn + Hentai + Sexy at or above this suggests `pg-13`. */
  suggestive: number;
}

export const defaultSafetyThresholds: SafetyThresholds = { explicit: 0.6, suggestive: 0.6 };

/** The rating the scores suggest: `r`, `pg-13` or `g` (the model cannot tell `pg` from `g`). */
export function suggestRating(scores: SafetyScores, thresholds: SafetyThresholds): Rating {
  const explicit = scores.Porn + scores.Hentai;
  if (explicit >= thresholds.explicit) return 'r';
  if (explicit + scores.Sexy >= thresholds.suggestive) return 'pg-13';
  return 'g';
}

/** True when `a` is a stricter rating than `b` (g < pg < pg-13 < r). */
export function isStricter(a: Rating, b: Rating): boolean {
  return ratings.indexOf(a) > ratings.indexOf(b);
}

/** Each class's highest score over the frames: one explicit frame is enough to matter. */
export function highestScores(frames: SafetyScores[]): SafetyScores {
  const scores = Object.fromEntries(safetyClasses.map((c) => [c, 0])) as SafetyScores;
  for (const frame of frames) {
    for (const c of safetyClasses) scores[c] = Math.max(scores[c], frame[c]);
  }
  return scores;
}
