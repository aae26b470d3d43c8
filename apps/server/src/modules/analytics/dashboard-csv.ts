import { stringify } from 'csv-stringify/sync';
import { inertCsvCell } from '../../platform/lib/inert-csv-cell.ts';
import type { CreatorDashboard } from './dashboard.service.ts';

/**
 * The figures the dashboard shows, as one CSV: a `section` column says which table a row is
 * from (day, source, gif, search), `key` and `label` what it counts.
 */
export function dashboardCsv(
  dashboard: CreatorDashboard,
  searches: { term: string; surfaced: number }[],
): string {
  const rows: unknown[][] = [
    ['section', 'key', 'label', 'views', 'clicks', 'shares', 'favorites', 'surfaced'],
  ];
  const figures = (c: { views: number; clicks: number; shares: number; favorites: number }) => [
    c.views,
    c.clicks,
    c.shares,
    c.favorites,
  ];
  for (const d of dashboard.series) rows.push(['day', d.date, d.date, ...figures(d), '']);
  for (const s of dashboard.sources) rows.push(['source', s.source, s.label, ...figures(s), '']);
  for (const g of dashboard.top_gifs) rows.push(['gif', g.gif_id, g.title, ...figures(g), '']);
  for (const s of searches) rows.push(['search', s.term, s.term, '', '', '', '', s.surfaced]);
  return stringify(rows.map((row) => row.map(inertCsvCell)));
}
