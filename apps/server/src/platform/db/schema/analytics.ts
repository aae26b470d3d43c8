import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './column-types.ts';

// Pingbacks, site events and the roll-ups made from them.

export type PingbackAction = 'SEEN' | 'CLICK' | 'HOVER' | 'START' | 'SENT' | 'FAVORITE';

export interface SiteEventsTable {
  id: Generated<number>;
  category: string;
  action: string;
  label: string;
  page: string;
  gif_id: string | null;
  occurred_at: Date;
  received_at: CreatedAt;
}

export interface PingbackEventsTable {
  id: Generated<number>;
  gif_id: string;
  action_type: PingbackAction;
  user_id: string | null;
  random_id: string | null;
  attributes: ColumnType<unknown, string | undefined, string>;
  occurred_at: Date | string;
  received_at: CreatedAt;
  /** Where the event came from: site, widget, `api:<key>`, `sdk:<name>`; null before 0028. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Per-GIF, per-day, per-source counts rolled up from raw events (migration 0028). */
export interface AnalyticsDailyTable {
  gif_id: string;
  day: ColumnType<string, string, string>;
  source: string;
  user_id: string | null;
  views: ColumnType<string, number, never>;
  clicks: ColumnType<string, number, never>;
  shares: ColumnType<string, number, never>;
  favorites: ColumnType<string, number, never>;
}

export interface AnalyticsWatermarksTable {
  stream: string;
  last_id: ColumnType<string, number, number>;
  rolled_up_at: Date | null;
  /** The last pingback id added to the GIFs' counters (the counters' own watermark, 0030). */
  counters_last_id: ColumnType<string, number, number>;
}

/** A creator's counts per GIF over aligned 1-, 4- and 16-day spans, kept like the next (0030). */
export interface AnalyticsGifSpansTable {
  user_id: string;
  span: number;
  start: ColumnType<string, string, string>;
  gif_id: string;
  views: ColumnType<string, number, never>;
  clicks: ColumnType<string, number, never>;
  shares: ColumnType<string, number, never>;
  favorites: ColumnType<string, number, never>;
}

/** A creator's roll-ups per UTC day and source, kept by triggers on analytics_daily (0030). */
export interface AnalyticsCreatorDailyTable {
  user_id: string;
  day: ColumnType<string, string, string>;
  source: string;
  views: ColumnType<string, number, never>;
  clicks: ColumnType<string, number, never>;
  shares: ColumnType<string, number, never>;
  favorites: ColumnType<string, number, never>;
}

/** How often a search answer showed a GIF, per day and search term (migration 0028). */
export interface AnalyticsSearchDailyTable {
  gif_id: string;
  day: ColumnType<string, string, string>;
  term: string;
  user_id: string | null;
  surfaced: ColumnType<string, number, never>;
}
