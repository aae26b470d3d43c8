import type { RenditionFile } from '@jiffy/media';
import type { Transaction } from 'kysely';
import type { Database, GifRow, Rating } from '../../platform/db/schema.ts';
import type { AutomaticFlagRepository, NewAutomaticFlag } from './automatic-flag.repository.ts';
import type { ContentClassifier } from './nsfw-classifier.ts';
import { scoreRenditions } from './score-renditions.ts';
import {
  isStricter,
  suggestRating,
  type SafetyScores,
  type SafetyThresholds,
} from './safety-rating.ts';

export interface FirstLookOptions {
  classifier: ContentClassifier;
  automaticFlags: AutomaticFlagRepository;
  thresholds: SafetyThresholds;
  /** Frames sampled per animation (a still has one). */
  sampleFrames: number;
  /** Perceptual hashes this many bits apart or fewer are near-duplicates. */
  nearDuplicateDistance: number;
}

/** What the first look decided about a processed GIF, written with its `ready` status. */
export interface FirstLook {
  scores: SafetyScores;
  suggestedRating: Rating;
  /** The rating the GIF is listed with: the declared one, or the suggested one when stricter. */
  rating: Rating;
  flags: NewAutomaticFlag[];
}

/**
 * The automatic first look of the essential phase: content-safety scores of sampled
 * frames, the rating they suggest, and near-duplicates of other users' GIFs.
 */
export class FirstLookService {
  readonly #options: FirstLookOptions;
  constructor(options: FirstLookOptions) {
    this.#options = options;
  }

  /** Looks at a GIF whose essential renditions are `files` and whose hash is `phash`. */
  async examine(gif: GifRow, files: RenditionFile[], phash: string): Promise<FirstLook> {
    const [scores, duplicate] = await Promise.all([
      this.score(files),
      this.#options.automaticFlags.nearestOfOthers({
        gifId: gif.id,
        userId: gif.user_id,
        phash,
        maxDistance: this.#options.nearDuplicateDistance,
      }),
    ]);
    const suggestedRating = suggestRating(scores, this.#options.thresholds);
    const stricter = isStricter(suggestedRating, gif.rating);
    const flags: NewAutomaticFlag[] = [];
    if (stricter) {
      flags.push({
        reason: 'content_safety',
        gifId: gif.id,
        declaredRating: gif.rating,
        suggestedRating,
        scores,
      });
    }
    if (duplicate) {
      flags.push({
        reason: 'near_duplicate',
        gifId: gif.id,
        duplicateOf: duplicate.id,
        distance: duplicate.distance,
      });
    }
    return { scores, suggestedRating, rating: stricter ? suggestedRating : gif.rating, flags };
  }

  score(files: RenditionFile[]): Promise<SafetyScores> {
    return scoreRenditions(files, {
      classifier: this.#options.classifier,
      count: this.#options.sampleFrames,
    });
  }

  /** Queues the findings, in the transaction that lists the GIF. */
  async record(trx: Transaction<Database>, look: FirstLook): Promise<void> {
    for (const flag of look.flags) await this.#options.automaticFlags.insert(trx, flag);
  }
}
