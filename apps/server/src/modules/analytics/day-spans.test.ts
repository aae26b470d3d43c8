import { describe, expect, it } from 'vitest';
import { daySpans } from './day-spans.ts';

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

describe('daySpans', () => {
  it('cuts a window into aligned spans that cover each of its days once', () => {
    // 1970-01-01 + 20,000 days is 2024-10-04, a multiple of 16 and of 4.
    expect(daySpans('2024-10-03', '2024-10-25')).toEqual([
      { span: 1, start: '2024-10-03' },
      { span: 16, start: '2024-10-04' },
      { span: 4, start: '2024-10-20' },
      { span: 1, start: '2024-10-24' },
      { span: 1, start: '2024-10-25' },
    ]);
    expect(daySpans('2024-10-05', '2024-10-05')).toEqual([{ span: 1, start: '2024-10-05' }]);
    expect(daySpans('2024-10-06', '2024-10-05')).toEqual([]);
  });

  it('covers every month-long window (31 days) exactly, in at most 12 spans', () => {
    let most = 0;
    for (let start = dayOf('2024-01-01'); start < dayOf('2025-01-01'); start++) {
      const from = new Date(start * DAY_MS).toISOString().slice(0, 10);
      const to = new Date((start + 30) * DAY_MS).toISOString().slice(0, 10);
      const spans = daySpans(from, to);
      const covered = spans.flatMap(({ span, start: s }) =>
        Array.from({ length: span }, (_, i) => dayOf(s) + i),
      );
      expect(covered).toEqual(Array.from({ length: 31 }, (_, i) => start + i));
      for (const { span, start: s } of spans) expect(dayOf(s) % span).toBe(0);
      most = Math.max(most, spans.length);
    }
    expect(most).toBeLessThanOrEqual(12);
  });
});
