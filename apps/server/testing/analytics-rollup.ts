import { analyticsRollupJob } from '../src/modules/analytics/analytics-rollup.job.ts';
import type { TestJiffy } from './test-jiffy.ts';

const context = { finalAttempt: false, signal: new AbortController().signal, lane: null };

/**
 * Runs the `analytics.rollup` job now, as its schedule would: it folds the stored pingbacks
 * into the roll-ups and the GIFs' engagement counters. Events only count once received more
 * than ANALYTICS_ROLLUP_LAG_SECONDS ago, so tests that call it start Jiffy with that at 0.
 */
export async function rollUpAnalytics(t: TestJiffy): Promise<void> {
  await analyticsRollupJob(t.jiffy.services.rollups, 30).handle({}, context);
}
