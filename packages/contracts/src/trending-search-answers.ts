import { z } from 'zod';
import { siteData } from './site-answers.ts';

/** What the moderators' trending-searches calls answer (`/api/v4/moderation/trending-searches`). */
const isoTime = z.string().meta({ description: 'ISO 8601' });

/** A term people searched in the trending window, as moderators review it. */
export const trendingCandidateSchema = z.object({
  term: z.string(),
  visitors: z.number().int().meta({
    description: 'The most distinct visitors who searched it (and found GIFs) on one day.',
  }),
  searches: z.number().int(),
  last_searched_at: isoTime,
  shows: z.boolean().meta({ description: 'Whether trending searches show it now.' }),
  refusal: z
    .enum(['hidden', 'blocked', 'too_few_visitors'])
    .nullable()
    .meta({ description: 'Why it does not show; null when it shows.' }),
});
export type TrendingCandidate = z.infer<typeof trendingCandidateSchema>;

/** A term a moderator hid from trending searches for good. */
export const hiddenTermSchema = z.object({
  term: z.string(),
  hidden_at: isoTime,
  hidden_by: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
});
export type HiddenTerm = z.infer<typeof hiddenTermSchema>;

/** `GET /api/v4/moderation/trending-searches`: candidates, hidden terms and blocked phrases. */
export const trendingSearchReviewAnswer = siteData(
  z.object({
    min_visitors: z.number().int(),
    candidates: z.array(trendingCandidateSchema),
    hidden: z.array(hiddenTermSchema),
    blocked_terms: z.array(z.string()),
  }),
);

/** Hiding or showing a term again: the term as compared, and whether anything changed. */
export const hiddenTermChangeAnswer = siteData(
  z.object({ term: z.string(), hidden: z.boolean(), changed: z.boolean() }),
);

/** The blocked phrases as stored (normalised, sorted). */
export const blockedTermsAnswer = siteData(z.object({ blocked_terms: z.array(z.string()) }));
