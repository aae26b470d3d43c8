// bench/web load timeline: where a page's wall time goes before its first GIF is painted, from
// the browser's own Navigation and Resource Timing: the HTML's answer (first byte, last byte),
// when the first GIF's image was asked for and arrived, and the paint. The live page and the
// bare `<img>` page, alternated; medians.
//
//   node bench/web/load-timeline.bench.ts     # TRACE_DEVICE=phone, BENCH_RUNS=9, TRACE_PATH=/
import { firstGifPaintedMs, median, settledTab } from './painted-clock.ts';
import { startPageProbe } from './page-probe.ts';

const { loads, path, device, origin, browser, firstSrc, bareUrl, close } = await startPageProbe(
  'web-load-timeline',
  9,
);
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
    const tab = await settledTab(browser, device);
    const context = tab.context();
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
await close();

console.log(
  `${path}, ${process.env.TRACE_DEVICE ?? 'desktop'}: medians of ${loads} loads (ms from navigation start)`,
);
console.log(`| page | ${MARKS.join(' | ')} |\n|---|${'---:|'.repeat(MARKS.length)}`);
for (const [name, marks] of Object.entries(rows))
  console.log(`| ${name} | ${marks.map((m) => median(m).toFixed(1)).join(' | ')} |`);
