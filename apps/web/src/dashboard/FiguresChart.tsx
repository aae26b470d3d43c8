import { useEffect, useRef } from 'react';
import type { Dashboard } from './dashboard-api.ts';
import { chartOptions } from './chart-options.ts';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 220;

/**
 * Views, clicks, shares and favorites per day, drawn by uPlot (about 50 KB, canvas, no
 * dependencies): loaded with this page only. Where a canvas cannot be drawn (an old browser,
 * jsdom) the tables beside it still show every figure.
 */
export function FiguresChart({ series }: { series: Dashboard['series'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void };
    let resizes: ResizeObserver | undefined;
    let gone = false;
    const widthOf = (element: HTMLElement) => Math.max(280, element.clientWidth || 600);
    void import('uplot')
      .then(({ default: UPlot }) => {
        const element = box.current;
        if (gone || !element) return;
        const x = series.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
        chart = new UPlot(
          chartOptions(UPlot, widthOf(element), HEIGHT),
          [
            x,
            series.map((d) => d.views),
            series.map((d) => d.clicks),
            series.map((d) => d.shares),
            series.map((d) => d.favorites),
          ],
          element,
        );
        // A phone turned sideways, a window resized: the chart follows the page's width.
        if (typeof ResizeObserver !== 'undefined') {
          let width = widthOf(element);
          resizes = new ResizeObserver(() => {
            if (widthOf(element) === width) return;
            width = widthOf(element);
            chart.setSize({ width, height: HEIGHT });
          });
          resizes.observe(element);
        }
        element.dataset.drawn = 'true';
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      resizes?.disconnect();
      chart?.destroy();
    };
  }, [series]);
  return <div ref={box} className="dashboard-chart" aria-label="Views over time" role="img" />;
}
