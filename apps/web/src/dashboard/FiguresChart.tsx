import { useEffect, useRef } from 'react';
import type { Dashboard } from './dashboard-api.ts';
import 'uplot/dist/uPlot.min.css';

/**
 * Views, clicks, shares and favorites per day, drawn by uPlot (about 50 KB, canvas, no
 * dependencies): loaded with this page only. Where a canvas cannot be drawn (an old browser,
 * jsdom) the tables beside it still show every figure.
 */
export function FiguresChart({ series }: { series: Dashboard['series'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let gone = false;
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (gone || !box.current) return;
        const x = series.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
        const line = (label: string, stroke: string) => ({ label, stroke, width: 2 });
        chart = new UPlot(
          {
            width: Math.max(280, box.current.clientWidth || 600),
            height: 220,
            series: [
              {},
              line('Views', '#00ccff'),
              line('Clicks', '#9933ff'),
              line('Shares', '#00ff99'),
              line('Favorites', '#ff6666'),
            ],
          },
          [
            x,
            series.map((d) => d.views),
            series.map((d) => d.clicks),
            series.map((d) => d.shares),
            series.map((d) => d.favorites),
          ],
          box.current,
        );
        box.current.dataset.drawn = 'true';
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [series]);
  return <div ref={box} className="dashboard-chart" aria-label="Views over time" role="img" />;
}
