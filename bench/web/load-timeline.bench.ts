// bench/web load timeline: where a page's wall time goes before its first GIF is painted, from
// the browser's own Navigation and Resource Timing: the HTML's answer (first byte, last byte),
// when the first GIF's image was asked for and arrived, and the paint. The live page and the
// bare `<img>` page, alternated; medians.
//
//   node bench/web/load-timeline.bench.ts     # TRACE_DEVICE=phone, BENCH_RUNS=9, TRACE_PATH=/
import { launchChromium } from '../../e2e/support/browser.ts';
import { startBenchJiffy, uploadReadyGifs } from '../support/bench-jiffy.ts';
import { firstTileSource, serveBarePage } from './bare-page.ts';
import { DESKTOP, PHONE } from './devices.ts';
import { firstGifPaintedMs, median } from './painted-clock.ts';

const loads = Number(process.env.BENCH_RUNS ?? 9);
const path = process.env.TRACE_PATH ?? '/';
const device = process.env.TRACE_DEVICE === 'phone' ? PHONE : DESKTOP;

const { jiffy, origin } = await startBenchJiffy('web-load-timeline');
await uploadReadyGifs(
  jiffy,
  Array.from({ length: 24 }, (_, i) => ({ width: 240 + (i % 4) * 40, height: 180, frames: 6 })),
);
const browser = await launchChromium();
const firstSrc = await firstTileSource(browser, device, origin + path);
const { url: bareUrl, close: closeBare } = await serveBarePage(firstSrc);
const imagePath = new URL(firstSrc).pathname;

const MARKS = [
  'html first byte',
  'html last byte',
  'parsed',
  'first paint',
  'image asked',
  'image arrived',
  'media files arrived',
  'painted',
];
const rows = { site: MARKS.map(() => [] as number[]), bare: MARKS.map(() => [] as number[]) };
for (let i = 0; i < loads; i++) {
  for (const [name, url] of [
    ['site', origin + path],
    ['bare', bareUrl],
  ] as const) {
    const context = await browser.newContext(device);
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'commit' });
    const painted = await firstGifPaintedMs(tab);
    const marks = await tab.evaluate(
      ([image, before]) => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const media = (
          performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        ).filter((e) => new URL(e.name).pathname.startsWith('/media/'));
        const img = media.find((e) => new URL(e.name).pathname === image);
        const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN;
        return [
          nav.responseStart,
          nav.responseEnd,
          nav.domInteractive,
          paint,
          img?.startTime ?? NaN,
          img?.responseEnd ?? NaN,
          media.filter((e) => e.responseEnd < before).length,
        ];
      },
      [imagePath, painted] as const,
    );
    [...marks, painted].forEach((ms, j) => rows[name][j]!.push(ms));
    await context.close();
  }
}
await browser.close();
await closeBare();
await jiffy.close();

console.log(
  `${path}, ${process.env.TRACE_DEVICE ?? 'desktop'}: medians of ${loads} loads (ms from navigation start)`,
);
console.log(`| page | ${MARKS.join(' | ')} |\n|---|${'---:|'.repeat(MARKS.length)}`);
for (const [name, marks] of Object.entries(rows))
  console.log(`| ${name} | ${marks.map((m) => median(m).toFixed(1)).join(' | ')} |`);
