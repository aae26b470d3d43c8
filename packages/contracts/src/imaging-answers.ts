import { z } from 'zod';
import { siteData } from './site-answers.ts';

/** `POST /ajax/tags/prediction/`: suggested tags for a few frames, best first. */
export const tagPredictionAnswer = siteData(
  z.object({
    tags: z.array(z.object({ tag: z.string(), confidence: z.number().min(0).max(1) })),
    /** How many GIFs the suggestions were drawn from. */
    library_size: z.number().int(),
  }),
);
export type TagPredictionAnswer = z.infer<typeof tagPredictionAnswer>;

/** `/imaging/trim` answers the clip itself, in the `format` asked for. */
export const trimContentTypes = { mp4: 'video/mp4', gif: 'image/gif' } as const;
