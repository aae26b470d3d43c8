import { z } from 'zod';
import { shareTypes } from './share-types.ts';
import { siteData } from './site-answers.ts';

/**
 * What the analytics calls answer: the creator dashboard (figures over time, by source and by
 * GIF; the searches that surfaced the GIFs; uploads not showing), site events and shares.
 */
const counts = {
  views: z.number(),
  clicks: z.number(),
  shares: z.number(),
  favorites: z.number(),
};
export const dashboardAnswer = siteData(
  z.object({
    username: z.string(),
    period: z.enum(['day', 'week', 'month']),
    gif_id: z.string().nullable(),
    /** The first day counted (YYYY-MM-DD). */
    since: z.string(),
    totals: z.object(counts),
    /** Every day from `since` to today, zeros included. */
    series: z.array(z.object({ date: z.string(), ...counts })),
    /** `site`, `embed`, `widget`, `other`, `api` (by the key's name) or `sdk` (by its name). */
    sources: z.array(z.object({ source: z.string(), label: z.string(), ...counts })),
    top_gifs: z.array(
      z.object({ gif_id: z.string(), title: z.string(), url: z.string(), ...counts }),
    ),
  }),
);
export const dashboardSearchesAnswer = siteData(
  z.array(z.object({ term: z.string(), surfaced: z.number(), gifs: z.number() })),
);
export const dashboardUploadsAnswer = siteData(
  z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      reason: z.string().nullable(),
      created_at: z.string(),
      /** Null for a taken-down GIF: it cannot be edited while the takedown stands. */
      edit_url: z.string().nullable(),
    }),
  ),
);
/** `POST /api/v1/analytics/events`: malformed events are dropped and counted, never refused. */
export const siteEventsAnswer = z.object({
  received: z.number().int(),
  stored: z.number().int(),
});
/** A counted share: the GIF, the type and how many shares of that type it has now. */
export const shareAnswer = siteData(
  z.object({ gif_id: z.string(), type: z.enum(shareTypes), count: z.number().int() }),
);
/** How many times a GIF (or all of a user's ready GIFs) was viewed. */
export const viewCountAnswer = siteData(z.object({ id: z.string(), view_count: z.number().int() }));
