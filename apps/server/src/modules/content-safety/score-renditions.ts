import { sampleFrames, type RenditionFile } from '@jiffy/media';
import { CLASSIFIER_INPUT_SIZE, type ContentClassifier } from './nsfw-classifier.ts';
import { highestScores, type SafetyScores } from './safety-rating.ts';

/**
 * Each class's highest score over `count` frames sampled from the essential phase's
 * `fixed_width` WebP: made for every kind of source (video too), already small, and decoded by
 * sharp without ffmpeg.
 */
export async function scoreRenditions(
  files: RenditionFile[],
  options: { classifier: ContentClassifier; count: number },
): Promise<SafetyScores> {
  const source = files.find((f) => f.name === 'fixed_width' && f.format === 'webp');
  if (!source) throw new Error('The essential phase made no fixed_width WebP to classify.');
  const frames = await sampleFrames(source.path, {
    count: options.count,
    size: CLASSIFIER_INPUT_SIZE,
  });
  return highestScores(await options.classifier.classify(frames));
}
