import { z } from 'zod';
import { wholeNumber } from '../../platform/http/input-schemas.ts';

/** `GET /api/v4/moderation/trending-searches`: a page of candidates. */
export const trendingReviewQuery = z.strictObject({
  limit: wholeNumber(1, 200).default(50),
  offset: wholeNumber(0, 10_000).default(0),
});

/** A search term, as a search takes it (at most 50 characters). */
const term = z.string().trim().min(1).max(50);

/** `POST /api/v4/moderation/trending-searches/hide` and `/unhide`. */
export const hiddenTermBody = z.strictObject({ term });

/**
 * `PUT /api/v4/moderation/trending-searches/blocked-terms`: the whole list, as it is to be. Each
 * entry is a word or phrase of letters and digits (punctuation only separates words).
 */
export const blockedTermsBody = z.strictObject({
  terms: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(100)
        .refine((phrase) => /[\p{L}\p{N}]/u.test(phrase), 'a blocked term needs a letter or digit'),
    )
    .max(1000),
});
