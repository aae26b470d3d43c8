/** The span lengths `analytics_gif_spans` keeps (migration 0030), longest first. */
export const SPAN_DAYS = [16, 4, 1] as const;

const DAY_MS = 86_400_000;

export interface DaySpan {
  span: (typeof SPAN_DAYS)[number];
  /** Its first day, `YYYY-MM-DD`: a multiple of `span` days after 1970-01-01. */
  start: string;
}

/**
 * Cuts the days `from`..`to` (UTC, `YYYY-MM-DD`, both included) into the fewest aligned spans,
 * longest first where one fits: a span of n days starts on a multiple of n days since the
 * epoch, as the migration's triggers file them.
 */
export function daySpans(from: string, to: string): DaySpan[] {
  const first = Date.parse(`${from}T00:00:00Z`) / DAY_MS;
  const last = Date.parse(`${to}T00:00:00Z`) / DAY_MS;
  const spans: DaySpan[] = [];
  for (let day = first; day <= last;) {
    const span = SPAN_DAYS.find((n) => day % n === 0 && day + n - 1 <= last) ?? 1;
    spans.push({ span, start: new Date(day * DAY_MS).toISOString().slice(0, 10) });
    day += span;
  }
  return spans;
}
