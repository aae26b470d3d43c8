import { z } from 'zod';
import { gifId, wholeNumber } from '../../platform/http/input-schemas.ts';

/** How far back a dashboard looks: the last day, 7 days or 30 days (UTC days, today included). */
export const PERIOD_DAYS = { day: 1, week: 7, month: 30 } as const;
export type Period = keyof typeof PERIOD_DAYS;

const username = z.string().trim().min(1).max(50);
const period = z.enum(['day', 'week', 'month']).default('week');

/** `GET /api/v1/analytics/dashboard/` (and its CSV). */
export const dashboardQuery = z.object({ username, period, gif_id: gifId.optional() });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** `GET /api/v1/analytics/dashboard-trending-searches/` (`gif_id`: the searches that led to it). */
export const trendingSearchesQuery = z.object({
  username,
  period,
  gif_id: gifId.optional(),
  limit: wholeNumber(1, 100).default(20),
});
export type TrendingSearchesQuery = z.infer<typeof trendingSearchesQuery>;

/** `GET /api/v1/analytics/dashboard-uploads/`. */
export const dashboardUploadsQuery = z.object({ username });
