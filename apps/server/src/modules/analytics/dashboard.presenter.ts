import type { Counts, DayCounts, GifCounts, SourceCounts } from './dashboard.repository.ts';

const zero: Counts = { views: 0, clicks: 0, shares: 0, favorites: 0 };
const counts = (c: Counts): Counts => ({
  views: c.views,
  clicks: c.clicks,
  shares: c.shares,
  favorites: c.favorites,
});

/** Every day from `since` to `today`, with zeros where nothing was counted (charts need them). */
export function presentSeries(rows: DayCounts[], since: string, today: string) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const series = [];
  for (let day = since; day <= today; day = nextDay(day)) {
    series.push({ date: day, ...counts(byDay.get(day) ?? zero) });
  }
  return series;
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A source as the dashboard names it: `site`, `embed`, `widget`, `other`, `api` (an app by
 * its key's name; the key itself is not shown) or `sdk` (by the SDK's name).
 */
export function presentSource(row: SourceCounts) {
  const [kind, ...rest] = row.source.split(':');
  const name = rest.join(':');
  const label =
    kind === 'api' ? (row.key_name ?? 'API key') : kind === 'sdk' ? name : (kind ?? 'other');
  return { source: kind === 'api' || kind === 'sdk' ? kind : row.source, label, ...counts(row) };
}

export function presentTopGif(row: GifCounts, publicUrl: string) {
  return {
    gif_id: row.gif_id,
    title: row.title,
    url: `${publicUrl}/gifs/${row.slug}`,
    ...counts(row),
  };
}

export function totalsOf(rows: Counts[]): Counts {
  return rows.reduce(
    (sum, row) => ({
      views: sum.views + row.views,
      clicks: sum.clicks + row.clicks,
      shares: sum.shares + row.shares,
      favorites: sum.favorites + row.favorites,
    }),
    zero,
  );
}

/** The states whose edits the server refuses (gif-edit.service: 409), so no page is offered. */
const NOT_EDITABLE = new Set(['removed', 'processing']);

/**
 * An upload not showing, with the reason and the page to edit it. A taken-down GIF has no such
 * page (edits are refused while the takedown stands: a moderator's decision, undone by a
 * restore), nor has one still processing (until it is ready).
 */
export function presentUpload(row: {
  id: string;
  title: string;
  status: string;
  reason: string | null;
  created_at: Date;
}) {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
    edit_url: NOT_EDITABLE.has(row.status) ? null : `/edit/gifs/${row.id}`,
  };
}
