import { siteJson } from '../api/site-fetch.ts';

export type Period = 'day' | 'week' | 'month';
export interface Figures {
  views: number;
  clicks: number;
  shares: number;
  favorites: number;
}
export interface Dashboard {
  totals: Figures;
  series: (Figures & { date: string })[];
  sources: (Figures & { source: string; label: string })[];
  top_gifs: (Figures & { gif_id: string; title: string; url: string })[];
}
export interface Upload {
  id: string;
  title: string;
  status: string;
  reason: string | null;
  /** Null for a taken-down GIF, which cannot be edited. */
  edit_url: string | null;
}

/** The query of a dashboard read; `gifId` narrows the figures to one GIF (the API's gif_id). */
const params = (username: string, period: Period, gifId = '') =>
  `username=${encodeURIComponent(username)}&period=${period}` +
  (gifId ? `&gif_id=${encodeURIComponent(gifId)}` : '');

/** The reads the dashboard page makes, all from the roll-ups; `gifId` narrows them to one GIF. */
export const dashboardApi = {
  figures: (username: string, period: Period, gifId = '') =>
    siteJson<Dashboard>(`/api/v1/analytics/dashboard/?${params(username, period, gifId)}`),
  searches: (username: string, period: Period, gifId = '') =>
    siteJson<{ term: string; surfaced: number }[]>(
      `/api/v1/analytics/dashboard-trending-searches/?${params(username, period, gifId)}`,
    ),
  uploads: (username: string) =>
    siteJson<Upload[]>(
      `/api/v1/analytics/dashboard-uploads/?username=${encodeURIComponent(username)}`,
    ),
  csvUrl: (username: string, period: Period, gifId = '') =>
    `/api/v1/analytics/dashboard/csv/?${params(username, period, gifId)}`,
};
