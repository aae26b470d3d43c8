import { ratings } from '@jiffy/contracts';
import { z } from 'zod';
import type { Rating } from '../../platform/db/schema.ts';
import { wholeNumber } from '../../platform/http/input-schemas.ts';

/**
 * The ratings a `rating` parameter allows: that one and everything below it ('y' is GIPHY's
 * "youth", here like g).
 */
export function allowedRatings(rating: 'y' | Rating): Rating[] {
  if (rating === 'y') return ['g'];
  return ratings.slice(0, ratings.indexOf(rating) + 1);
}

/** Of `allowed`, the family-friendly ratings (g and pg): all a curated list (categories, emoji) shows. */
export const familyFriendly = (allowed: Rating[]): Rating[] =>
  allowed.filter((r) => r === 'g' || r === 'pg');

/** What a curated list shows for a `rating` parameter: family-friendly, and no more than asked. */
export function curatedRatings(rating: 'y' | Rating): Rating[] {
  return familyFriendly(allowedRatings(rating));
}

/** `limit`, `fallback` when absent. Limits above 50 are capped, as GIPHY caps them. */
export const limitParam = (fallback: number) =>
  wholeNumber(1, 10_000, ' (more than 50 count as 50)')
    .default(fallback)
    .transform((n) => Math.min(n, 50));

/** Parameters every list endpoint takes. */
export const listQuerySchema = z.looseObject({
  api_key: z.string().max(256).optional(),
  limit: limitParam(25),
  offset: wholeNumber(0, 4999).default(0),
  rating: z.enum(['y', 'g', 'pg', 'pg-13', 'r']).default('pg-13'),
  lang: z.string().max(10).optional(),
  random_id: z.string().max(64).optional(),
  pingback_id: z.string().max(64).optional(),
});

/**
 * Parameters of a call whose answer is not a page of a list (one GIF's associations, GIFs by
 * given ids): no `limit` or `offset` to document and then leave unused.
 */
export const unpagedQuerySchema = listQuerySchema.omit({ limit: true, offset: true });

const MAX_QUERY = 50;

/**
 * A search term parameter (`q`, translate's `s`): required, trimmed, 1 to 50 characters. Past 50
 * it is refused as GIPHY refuses it, 414 `query_too_long` rather than a plain 400, so the check
 * names that code itself and the document still gives the limit as the string's `maxLength`.
 */
export const searchTermParam = (description: string) =>
  z
    .string({ error: 'a search term is required' })
    .trim()
    .min(1, 'a search term is required')
    .check((ctx) => {
      if (ctx.value.length > MAX_QUERY)
        ctx.issues.push({
          code: 'custom',
          message: `at most ${MAX_QUERY} characters`,
          input: ctx.value,
          params: { errorCode: 'query_too_long' },
        });
    })
    .meta({ description, maxLength: MAX_QUERY });

/**
 * Splits GIPHY's `@username term` and `@username/channel-slug term` forms into the channel
 * (its path: the username, then slugs; null when the term names none) and the words to look for.
 */
export function scopedTerm(term: string): { channel: [string, ...string[]] | null; words: string } {
  const match =
    /^@([A-Za-z0-9_]{1,30})((?:\/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*){0,8})(?:\s+(.*))?$/.exec(term);
  if (!match) return { channel: null, words: term };
  const slugs = match[2]!
    .split('/')
    .slice(1)
    .map((slug) => slug.toLowerCase());
  return { channel: [match[1]!, ...slugs], words: (match[3] ?? '').trim() };
}
