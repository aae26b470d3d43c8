import { MediaError, visualFeatures, type VisualFeatures } from '@jiffy/media';
import sharp from 'sharp';
import { predictTags, type PredictedTag } from './tag-predictor.ts';
import { MAX_FRAME_BYTES } from './tag-prediction-input.schema.ts';
import type { VisualIndex } from './visual-index.ts';

/** Largest frame decoded: 2048 × 2048, four times a maker's capture. */
const MAX_FRAME_PIXELS = 2048 * 2048;
const PICTURE_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

export interface TagPrediction {
  tags: PredictedTag[];
  /** GIFs the suggestions were drawn from. */
  librarySize: number;
}

/**
 * Suggests tags for a few frames from what the instance's own listed, tagged GIFs look like
 * (k-nearest neighbours by layout and colour; `tag-predictor.ts`). No model is downloaded.
 */
export class TagPredictionService {
  readonly #index: VisualIndex;
  constructor(deps: { index: VisualIndex }) {
    this.#index = deps.index;
  }

  async predict(dataUrls: readonly string[]): Promise<TagPrediction> {
    const frames: VisualFeatures[] = [];
    for (const url of dataUrls) frames.push(await frameFeatures(url));
    const library = await this.#index.entries();
    return { tags: predictTags(frames, library), librarySize: library.length };
  }
}

/**
 * One frame's features. What it is, is judged from its bytes (libvips' own sniffing), never
 * from the type the data URL declares: anything but a PNG, JPEG, WebP or GIF is
 * `unsupported_media_type`, a damaged one `corrupt_media`, a huge one `dimensions_too_large`.
 */
async function frameFeatures(dataUrl: string): Promise<VisualFeatures> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length === 0) throw new MediaError('corrupt_media', 'A frame is empty.');
  if (bytes.length > MAX_FRAME_BYTES) {
    throw new MediaError('file_too_large', `A frame is larger than ${MAX_FRAME_BYTES} bytes.`);
  }
  const format = await sharp(bytes)
    .metadata()
    .then((meta) => meta.format as string)
    .catch(() => null);
  if (!format || !PICTURE_FORMATS.has(format)) {
    throw new MediaError('unsupported_media_type', 'A frame is not a PNG, JPEG, WebP or GIF.');
  }
  return visualFeatures(bytes, { maxPixels: MAX_FRAME_PIXELS });
}
