import type uPlot from 'uplot';

const DAY = 86_400;
const AXIS = '#a6a6a6'; // --muted: readable on the page's dark background
const GRID = '#2c2c2c';

/** Each figure's colour, in the chart and in the one-day bars alike. */
export const figureColours = {
  views: '#00ccff',
  clicks: '#9933ff',
  shares: '#00ff99',
  favorites: '#ff6666',
} as const;

/** "Nov 20": the series is in UTC days, so its labels are too, whatever the viewer's zone. */
const dayLabel = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** Whole numbers only: a figure is a count, never 0.5 of a view. */
const countSteps = [1, 2, 5].flatMap((m) => [1, 10, 100, 1e3, 1e4, 1e5, 1e6].map((p) => m * p));
countSteps.sort((a, b) => a - b);

/**
 * The dashboard chart's uPlot options: one tick per day at most (never hours), axes and grid in
 * the site's colours, and a plain legend (a live one shows "--" for every series until hovered,
 * and wraps to three lines on a phone; the figures themselves are in the tables and the CSV).
 */
export function chartOptions(UPlot: typeof uPlot, width: number, height: number): uPlot.Options {
  const line = (label: string, stroke: string) => ({ label, stroke, width: 2 });
  const axis = { stroke: AXIS, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID } };
  return {
    width,
    height,
    tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { live: false },
    scales: {
      // One day (the "Today" period) is a single point: give it a day's width to sit in.
      x: {
        time: true,
        range: (_u, min, max) => (min === max ? [min - DAY / 2, max + DAY / 2] : [min, max]),
      },
      // From zero, with a little room above the highest point (a flat zero line sits low).
      y: { range: (_u, _min, max) => UPlot.rangeNum(0, Math.max(max, 1), 0.1, true) },
    },
    axes: [
      {
        ...axis,
        incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY],
        values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))),
      },
      { ...axis, incrs: countSteps },
    ],
    series: [
      {},
      line('Views', figureColours.views),
      line('Clicks', figureColours.clicks),
      line('Shares', figureColours.shares),
      line('Favorites', figureColours.favorites),
    ],
  };
}
